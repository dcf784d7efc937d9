/**
 * API answers compressed with brotli or gzip, by the request's Accept-Encoding (with
 * `Vary: Accept-Encoding`), from 1 KB up: below that the headers cost more than the saving.
 * Streamed CSV exports opt out (route option `compress: false`, see engine/route-kit.ts): a
 * compressor holds rows back until its buffer fills, and its CPU would slow the export that
 * runs near COPY speed. PDFs are already compressed (mime-db says so: never recompressed).
 * The built web app is precompressed at build time and served as is (http/web-app.ts).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const COMPRESS_THRESHOLD = 1024;

async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    // zstd and deflate left out: brotli and gzip cover every browser and client we serve.
    encodings: ['br', 'gzip'],
  });
}

/** At the root (fastify-plugin), so every route's answer may be compressed. */
export const compressionPlugin = fp(registerCompression, { name: 'compression' });
