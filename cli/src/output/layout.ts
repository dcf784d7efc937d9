/** Terminal layout shared by the plain printer and the Ink views: widths that fit the terminal. */

export interface Column {
  readonly header: string;
  /** Right-aligned (amounts, counts). */
  readonly right?: boolean;
}

const GAP = 2;

/** Display width, counting each code point once (accents are common in French data). */
export const textWidth = (text: string): number => [...text].length;

export const truncate = (text: string, width: number): string => {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 1 ? chars.slice(0, width).join('') : `${chars.slice(0, width - 1).join('')}…`;
};

export const pad = (text: string, width: number, right = false): string => {
  const fill = ' '.repeat(Math.max(0, width - textWidth(text)));
  return right ? fill + text : text + fill;
};

/**
 * Column widths so that the whole row fits `total`: each column gets what it needs; when too
 * wide, the widest columns shrink first (never below 4 characters), and their cells are cut with `…`.
 * The first column, what names the row (a policy number, a statement, a login), is never cut:
 * a cut key cannot be searched or pasted into the next command.
 */
export const columnWidths = (
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  total: number,
): number[] => {
  const widths = columns.map((column, i) =>
    Math.max(textWidth(column.header), ...rows.map((row) => textWidth(row[i] ?? ''))),
  );
  const budget = total - GAP * (columns.length - 1);
  let excess = widths.reduce((sum, w) => sum + w, 0) - budget;
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths.slice(1)), 1);
    if (widest < 1 || widths[widest]! <= 4) break;
    widths[widest]! -= 1;
    excess -= 1;
  }
  return widths;
};

/** One row of cells cut and padded to `widths` (cells are never cut when the width is unbounded). */
export const rowLine = (
  columns: readonly Column[],
  widths: readonly number[],
  cells: readonly string[],
  cut = true,
): string =>
  cells
    .map((cell, i) => pad(cut ? truncate(cell, widths[i]!) : cell, widths[i]!, columns[i]?.right))
    .join(' '.repeat(GAP))
    .trimEnd();

export const ruleLine = (widths: readonly number[]): string =>
  widths.map((w) => '─'.repeat(w)).join(' '.repeat(GAP));

/** `label  value` lines with labels padded to the longest. */
export const recordLines = (entries: readonly (readonly [string, string])[]): string[] => {
  const width = Math.max(0, ...entries.map(([label]) => textWidth(label)));
  return entries.map(([label, value]) => `${pad(label, width)}  ${value}`.trimEnd());
};
