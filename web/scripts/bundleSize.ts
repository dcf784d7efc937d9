import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  /** Files the sign-in page loads before any lazy chunk: the entry script and its preloads. */
  readonly files: ReadonlyArray<{ readonly name: string; readonly bytes: number; readonly gzip: number }>;
  readonly jsGzip: number;
  readonly cssGzip: number;
}

/** What `web/dist/index.html` makes the browser load at once, raw and gzipped. */
export const initialBundle = (dist: string): BundleSize => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((name) => {
    const content = readFileSync(join(dist, name));
    return { name, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const sum = (ext: string) => files.filter((f) => f.name.endsWith(ext)).reduce((n, f) => n + f.gzip, 0);
  return { files, jsGzip: sum('.js'), cssGzip: sum('.css') };
};

/** Budget for the sign-in page's initial JavaScript (docs/performance.md). */
export const INITIAL_JS_BUDGET = 300 * 1024;

// Printed by `npm run size -w @extranet/web` (and by a bench command, when one wraps it).
if ((import.meta as { main?: boolean }).main) {
  const size = initialBundle(join(import.meta.dirname, '..', 'dist'));
  for (const file of size.files) {
    console.log(
      `${file.name.padEnd(48)} ${(file.bytes / 1024).toFixed(1).padStart(8)} KB  ${(file.gzip / 1024).toFixed(1).padStart(7)} KB gzip`,
    );
  }
  console.log(
    `initial JavaScript: ${(size.jsGzip / 1024).toFixed(1)} KB gzip (budget ${INITIAL_JS_BUDGET / 1024} KB); CSS ${(size.cssGzip / 1024).toFixed(1)} KB gzip`,
  );
  if (size.jsGzip > INITIAL_JS_BUDGET) process.exit(1);
}
