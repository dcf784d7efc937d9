/**
 * Joins several CSV exports into one: the first keeps its BOM and header, the next ones lose
 * theirs (everything up to their first line break), so `--month` gives a single table.
 */
export const csvJoiner = (write: (chunk: Uint8Array) => Promise<void>) => {
  let index = -1;
  let skipping = false;
  return {
    /** Call before each export after the first has been written. */
    next: () => {
      index += 1;
      skipping = index > 0;
    },
    write: async (chunk: Uint8Array) => {
      if (!skipping) return write(chunk);
      const newline = chunk.indexOf(10);
      if (newline === -1) return; // still inside the header
      skipping = false;
      if (newline + 1 < chunk.length) await write(chunk.subarray(newline + 1));
    },
  };
};
