/**
 * Request logs as operators follow them: one JSON line per request with method,
 * route, status, duration, the signed-in login and a request id taken from a well-formed
 * X-Request-Id (else generated) and echoed in the response.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migrate } from '../../src/db/migrate.ts';
import { loggerOptions } from '../../src/http/logging.ts';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { openTestDb, TEST_HASH_ROUNDS, type TestDb, testConfig } from '../helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Line {
  reqId?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  route?: string;
  responseTime?: number;
  login?: string;
  traceId?: string;
  parentSpanId?: string;
}

describe('request logs', () => {
  let target: TestDb;
  let app: FastifyInstance;
  const lines: Line[] = [];
  beforeAll(async () => {
    target = await openTestDb('pglite');
    await migrate(target.db);
    await seedDemoAccounts(target.db, TEST_HASH_ROUNDS);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      db: target.db,
      hashRounds: TEST_HASH_ROUNDS,
      logger: { ...(loggerOptions('info') as object), stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await target.dispose();
  });

  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('carries the trace and parent span of a well-formed traceparent, and nothing of a bad one', async () => {
    const traced = async (reqId: string, traceparent: string) => {
      await app.inject({
        method: 'GET',
        url: '/api/authenticate',
        headers: { 'x-request-id': reqId, traceparent },
      });
      return linesOf(reqId)[0];
    };
    expect(await traced('t-ok', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentSpanId: '00f067aa0ba902b7',
    });
    // A later version may carry more fields; its first ones are read.
    expect(
      (await traced('t-v1', '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-xyz'))?.traceId,
    ).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    for (const [reqId, bad] of [
      ['t-zero', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
      ['t-ff', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
      ['t-upper', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01'],
      ['t-extra', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x'],
      ['t-junk', '"}{"traceId":"forged'],
    ] as const) {
      const line = await traced(reqId, bad);
      expect(line?.msg, reqId).toBe('request completed');
      expect(line?.traceId, reqId).toBeUndefined();
    }
  });

  it('writes one line per request with route, status, duration and the signed-in login', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin', password: 'admin' },
    });
    const token = (signIn.json() as { id_token: string }).id_token;
    const response = await app.inject({
      method: 'GET',
      url: '/management/audits/424242',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'lb-7f3a.42:req=1' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42:req=1');
    const own = linesOf('lb-7f3a.42:req=1');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/management/audits/424242' },
      res: { statusCode: 404 },
      route: '/management/audits/:id',
      login: 'admin',
    });
    expect(typeof own[0]?.responseTime).toBe('number');
  });

  it('generates a UUID when X-Request-Id is absent or malformed, and names nobody for an anonymous call', async () => {
    for (const header of [undefined, 'has space', 'x'.repeat(129), 'line\u2028break', '']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/account',
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      expect(response.statusCode).toBe(401);
      const id = String(response.headers['x-request-id']);
      expect(id, String(header)).toMatch(UUID);
      const own = linesOf(id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ res: { statusCode: 401 }, route: '/api/account' });
      expect(own[0]?.login).toBeUndefined();
    }
    const a = await app.inject({ method: 'GET', url: '/management/health' });
    const b = await app.inject({ method: 'GET', url: '/management/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
