/** Printing figures the same way in every benchmark. */

/** `sorted` ascending; q in [0, 1]. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const fmt = (value: number, digits = 1): string =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

/** Prints rows as an aligned table. */
export function table(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const row of rows)
    console.log(
      `  ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`,
    );
}

/** The last line every benchmark prints. */
export function ratioLine(ratio: number, server: string, baseline: string): string {
  return `ratio: ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'} (${server} vs ${baseline})`;
}

export function check(label: string, ok: boolean, detail: string): string {
  return `  ${ok ? 'PASS' : 'MISS'} ${label}: ${detail}`;
}
