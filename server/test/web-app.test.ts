import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { openTestDb, type TestDb, testConfig } from './helpers.ts';

describe('web app', () => {
  let target: TestDb;
  beforeAll(async () => {
    target = await openTestDb('pglite');
    await migrate(target.db);
  });
  afterAll(async () => {
    await target.dispose();
  });

  it('serves the built app at / with long-lived hashed assets', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Extranet</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: target.db, logger: false });
    try {
      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toContain('text/html');
      expect(index.body).toContain('<div id="root">');
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.headers['content-security-policy']).toContain("script-src 'self'");
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
      // The API is still answered by the API, not by the static files.
      expect((await app.inject({ method: 'GET', url: '/api/profile-info' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('sends a browser asking for HTML at an app route (no #) to the app at that route', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Extranet</title><div id="root"></div>');
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: target.db, logger: false });
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    try {
      const typed = await app.inject({ method: 'GET', url: '/police?preset=SEF', headers: html });
      expect(typed.statusCode).toBe(302);
      expect(typed.headers.location).toBe('/#/police?preset=SEF');
      const nested = await app.inject({ method: 'GET', url: '/police-assure/12/view', headers: html });
      expect(nested.headers.location).toBe('/#/police-assure/12/view');
      // Not a browser page: scripts, API calls and missing files keep their problem+json 404 (or 401).
      const script = await app.inject({ method: 'GET', url: '/police' });
      expect(script.statusCode).toBe(404);
      expect(script.headers['content-type']).toContain('application/problem+json');
      expect((await app.inject({ method: 'GET', url: '/missing.js', headers: html })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/nope', headers: html })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/police', headers: html })).statusCode).toBe(404);
      // A protocol-relative path cannot turn the redirect into another site's address.
      const sneaky = await app.inject({ method: 'GET', url: '//evil.example/x', headers: html });
      expect(sneaky.headers.location ?? '').not.toMatch(/^\/\//);
    } finally {
      await app.close();
    }
  });

  it('sends the precompressed copy the client accepts, with Vary: Accept-Encoding', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    const html = `<!doctype html><title>Extranet</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    // What web/scripts/precompress.ts writes at build time.
    for (const [file, content] of [
      ['index.html', html],
      ['assets/index-abc123.js', script],
    ] as const) {
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(content));
    }
    const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), db: target.db, logger: false });
    try {
      const get = (url: string, encoding?: string) =>
        app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(brotli.rawPayload.length).toBeLessThan(200);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      const gzip = await get('/assets/index-abc123.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await get('/assets/index-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // The page itself, at / as at /index.html.
      const index = await get('/', 'br');
      expect(index.headers['content-encoding']).toBe('br');
      expect(index.headers['content-type']).toContain('text/html');
      expect(brotliDecompressSync(index.rawPayload).toString()).toBe(html);
      expect((await get('/index.html')).body).toBe(html);
    } finally {
      await app.close();
    }
  });

  it('explains how to build the app when it was not built', async () => {
    const app = await buildApp({
      config: testConfig({ WEB_DIST: join(tmpdir(), 'no-such-web-dist') }),
      db: target.db,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    } finally {
      await app.close();
    }
  });
});
