/**
 * A Vite build step: writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9)
 * beside every text file of the build, so the server sends them as they are (its static files
 * use `preCompressed`) instead of compressing on each request, or not at all.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server's API threshold too). */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/manifest.json is for the build's tests, never served (dotfiles are ignored).
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses the text files under `dir`; returns how many it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    jobs.push(
      readFile(path).then(async (content) => {
        if (content.length < MIN_BYTES) return;
        const [brotli, gzipped] = await Promise.all([
          br(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)]);
      }),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'extranet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
};
