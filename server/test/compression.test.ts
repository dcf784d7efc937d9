/**
 * API answers are compressed by Accept-Encoding from 1 KB up (brotli first, then gzip), with
 * `Vary: Accept-Encoding`; small answers and streamed CSV exports are sent as they are.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from './entities/seed.ts';
import { forEachApp } from './helpers.ts';

describe('API compression', () => {
  forEachApp((_kind, ctx) => {
    beforeAll(async () => {
      await seed(ctx().db);
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers });

    it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
      const plain = await get('/v3/api-docs');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      const brotli = await get('/v3/api-docs', { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

      const gzip = await get('/v3/api-docs', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    });

    it('sends small answers uncompressed', async () => {
      const small = await get('/api/profile-info', { 'accept-encoding': 'br, gzip' });
      expect(small.statusCode).toBe(200);
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toBeTypeOf('object');
    });

    it('streams CSV exports uncompressed even when the client accepts compression', async () => {
      const csv = await get('/api/police/export.csv?sort=idPolice', {
        ...(await ctx().auth('grossiste')),
        'accept-encoding': 'br, gzip',
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-encoding']).toBeUndefined();
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('1001');
    });
  });
});
