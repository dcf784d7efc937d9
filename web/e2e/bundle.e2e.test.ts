import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET, initialBundle } from '../scripts/bundleSize.ts';

/** Issue 6: the sign-in page's initial JavaScript stays under 300 KB gzipped (the grid is lazy). */
describe('bundle size', () => {
  it('keeps the initial JavaScript under budget and the grid out of it', () => {
    const size = initialBundle(fileURLToPath(new URL('../dist', import.meta.url)));
    expect(size.files.length).toBeGreaterThan(0);
    expect(size.jsGzip).toBeLessThan(INITIAL_JS_BUDGET);
    expect(size.files.some((file) => /DataGrid|ag-grid/i.test(file.name))).toBe(false);
  });
});
