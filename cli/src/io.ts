import type { Readable, Writable } from 'node:stream';

/** Where a command reads and writes: the process streams, or fakes in tests. */
export interface Io {
  readonly stdout: Writable & { isTTY?: boolean; columns?: number };
  readonly stderr: Writable & { isTTY?: boolean };
  readonly stdin: Readable & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Whether stdout is a terminal a person reads (tables by default; pipes get TSV). */
export const isInteractive = (io: Io): boolean => io.stdout.isTTY === true && io.env.TERM !== 'dumb';

/** Whether stderr is a terminal: progress bars and prompts go there, never into the data. */
export const stderrIsTerminal = (io: Io): boolean => io.stderr.isTTY === true && io.env.TERM !== 'dumb';

const positive = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * Width of a table: `COLUMNS` when set (as `ls` and `ps` honour it), else the terminal's width,
 * else 80 on a terminal. Off a terminal a table is never cut: infinite width unless `COLUMNS`.
 */
export const widthOf = (io: Io): number =>
  positive(io.env.COLUMNS) ?? (io.stdout.isTTY ? io.stdout.columns || 80 : Number.POSITIVE_INFINITY);

/**
 * Colours and bold/dim only on a terminal, and never under `NO_COLOR` (https://no-color.org:
 * any non-empty value) or `--no-color`.
 */
export const colorEnabled = (io: Io, noColorOption: boolean): boolean =>
  !noColorOption && (io.env.NO_COLOR ?? '') === '' && isInteractive(io);

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
