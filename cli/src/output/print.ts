import { type Io, isInteractive, widthOf, writeLine } from '../io.ts';
import { type Column, recordLines, tableLines } from './layout.ts';

/** `--json`: one JSON document, indented, ending in a newline (shapes documented in docs/cli.md). */
export const printJson = (io: Io, value: unknown): void => {
  writeLine(io.stdout, JSON.stringify(value, null, 2));
};

/** Writes lines: plain on a pipe; on a terminal through Ink (bold header, dim rule). */
const printLines = async (io: Io, lines: readonly string[], headerLines: number): Promise<void> => {
  if (!isInteractive(io)) {
    for (const line of lines) writeLine(io.stdout, line);
    return;
  }
  const { renderStyled } = await import('./styled.ts');
  io.stdout.write(renderStyled(lines, headerLines, widthOf(io)));
};

export const printTable = (io: Io, columns: readonly Column[], rows: readonly (readonly string[])[]) =>
  printLines(io, tableLines(columns, rows, widthOf(io)), 2);

export const printRecord = (io: Io, entries: readonly (readonly [string, string])[]) =>
  printLines(io, recordLines(entries), 0);

export const printText = (io: Io, text = '') => {
  writeLine(io.stdout, text);
};
