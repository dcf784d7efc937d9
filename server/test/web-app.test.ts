import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
