/**
 * The statement list's `first` query parameter is the index of the first row shown (docs/product.md §2:
 * "query param first keeps the page position"); the machines speak 0-based pages.
 */
export const firstOfPage = (page: number, size: number): number => Math.max(0, page) * size;

/** The 0-based page holding row `first`; 0 for a missing or malformed value. */
export const pageOfFirst = (first: number | string | null | undefined, size: number): number => {
  const value = typeof first === 'string' ? Number(first) : first;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0 || size <= 0) return 0;
  return Math.floor(value / size);
};
