import type { Readable, Writable } from 'node:stream';

/** Where a command reads and writes: the process streams, or fakes in tests. */
export interface Io {
  readonly stdout: Writable & { isTTY?: boolean; columns?: number };
  readonly stderr: Writable;
  readonly stdin: Readable & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Whether stdout is a terminal: colours, spinners and Ink views only then. */
export const isInteractive = (io: Io): boolean => io.stdout.isTTY === true && io.env.TERM !== 'dumb';

/**
 * Terminal width for tables; 100 when not a terminal (pipes get whole lines). A terminal that
 * reports no size (0 columns, as some pseudo-terminals do) falls back to `COLUMNS`, then 80.
 */
export const widthOf = (io: Io): number =>
  io.stdout.isTTY ? io.stdout.columns || Number(io.env.COLUMNS) || 80 : 100;

export const writeLine = (stream: Writable, line = '') => {
  stream.write(`${line}\n`);
};

/** Reads all of stdin as UTF-8 text (for `--password-stdin` and piped input). */
export const readAll = async (stdin: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
};

export const processIo = (): Io => ({
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
