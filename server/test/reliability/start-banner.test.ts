/**
 * Started as a supervisor or a container runtime starts it (stdout is a pipe, not a terminal),
 * the server writes only JSON lines: the start-up banner is one of pino's lines, with the URL,
 * the database and the demo accounts as fields, even when LOG_LEVEL hides info lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './server-process.ts';

describe('the start-up banner off a terminal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'extranet-banner-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is a JSON log line among the others, with the facts a person reads on a terminal', async () => {
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    await fetch(`${server.url}/api/nothing-here`);
    await server.stop();
    const lines = server.lines.filter((line) => line.trim() !== '');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line on stdout: ${line}`);
      }
    });
    const banner = parsed.find((line) => typeof line.url === 'string');
    expect(banner?.url).toBe(server.url.replace('127.0.0.1', 'localhost'));
    expect(banner?.msg).toMatch(/^Broker extranet listening on http:\/\/localhost:\d+ \(started in /);
    expect(banner?.level).toBe(30);
    expect(banner?.database).toBe(`embedded PGlite in ${join(dataDir, 'pglite')}`);
    expect(banner?.demoAccounts).toEqual(expect.arrayContaining(['admin', 'courtier', 'grossiste']));
    // LOG_LEVEL=warn still hides the request lines: only the banner is at info.
    expect(parsed.filter((line) => line.level === 30)).toEqual([banner]);
  }, 180_000);
});
