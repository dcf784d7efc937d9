/**
 * Text the database cannot hold (NUL) in any query parameter, its name or a path
 * parameter of any route gets the same answer as in a body: 400 problem+json, before anything
 * runs (`GET /api/activate?key=%00` was a 500). Other broken text (invalid UTF-8, overlong
 * encodings, stray `%`) is never a 500 either. And the answers Node's HTTP parser gives itself
 * (bad request line, headers too large) are problem+json too, over a real socket.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachApp } from '../helpers.ts';
import { concrete, everyRoleCaller, fakeWebDist, registeredRoutes } from './routes.ts';
import { snapshot } from './snapshot.ts';

/** Query strings holding NUL in a value or a name, for the parameters routes read. */
const NUL_QUERIES = [
  'key=%00',
  'page=0%00',
  'sort=id%00,asc',
  'q=a%00b',
  'size=1&%00=1',
  'login.contains=%00',
];
/** Broken text that is not NUL: each is answered, below 500. */
const BROKEN_QUERIES = ['key=%ED%A0%80', 'q=%FF%FE', 'q=%C0%80', 'key=%', 'q=%E2%82', 'sort=%F0%9F%98'];

describe('invalid text in query and path parameters', () => {
  forEachApp(
    (_kind, ctx) => {
      let everyRole: { authorization: string };
      beforeAll(async () => {
        everyRole = await everyRoleCaller(ctx());
      });

      const routes = () => registeredRoutes(ctx());

      it('a NUL in any query parameter of any route is 400 problem+json, and changes nothing', async () => {
        let checked = 0;
        const before = await snapshot(ctx().db);
        for (const [method, pattern] of routes()) {
          for (const query of NUL_QUERIES) {
            const url = `${concrete(pattern)}?${query}`;
            const response = await ctx().app.inject({ method, url, headers: everyRole });
            expect(response.statusCode, `${method} ${url}`).toBe(400);
            if (method !== 'HEAD') {
              expect(response.headers['content-type'], url).toContain('application/problem+json');
              expect(response.json(), url).toMatchObject({
                status: 400,
                detail: 'Text must not contain the NUL character',
              });
            }
            checked += 1;
          }
        }
        expect(checked).toBeGreaterThan(600);
        expect(await snapshot(ctx().db)).toEqual(before);
        // The route the issue named, anonymously, as a mailed link would be followed.
        const activate = await ctx().app.inject({ method: 'GET', url: '/api/activate?key=%00' });
        expect(activate.statusCode).toBe(400);
        expect(activate.headers['content-type']).toContain('application/problem+json');
      });

      it('a NUL in a path parameter is 400 problem+json too', async () => {
        for (const url of ['/api/users/%00', '/api/police/1%00', '/api/commissions/bordereau/%00']) {
          const response = await ctx().app.inject({ method: 'GET', url, headers: everyRole });
          expect(response.statusCode, url).toBe(400);
          expect(response.headers['content-type'], url).toContain('application/problem+json');
        }
      });

      it('other broken text in a query is answered below 500, as problem+json when refused', async () => {
        for (const [method, pattern] of routes()) {
          if (method !== 'GET') continue;
          for (const query of BROKEN_QUERIES) {
            const url = `${concrete(pattern)}?${query}`;
            const response = await ctx().app.inject({ method, url, headers: everyRole });
            expect(response.statusCode, url).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(response.headers['content-type'], url).toContain('application/problem+json');
            }
          }
        }
      });
    },
    { env: { WEB_DIST: fakeWebDist() } },
  );
});

/** Sends raw bytes to the listening app and reads the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(answer) : reject(error),
    );
    socket.write(request, 'latin1');
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe("Node's own answers", () => {
  forEachApp((kind, ctx) => {
    let port = 0;
    beforeAll(async () => {
      if (kind !== 'pglite') return;
      await ctx().app.listen({ host: '127.0.0.1', port: 0 });
      port = (ctx().app.server.address() as { port: number }).port;
    });

    it('a malformed request line and headers too large answer problem+json', async ({ skip }) => {
      if (kind !== 'pglite') skip(); // the parser is the same whatever the database
      const cases = [
        { request: 'GARBAGE\r\n\r\n', status: 400 },
        { request: 'GET /api/account HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', status: 400 },
        {
          request: `GET /api/account HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          status: 431,
        },
      ];
      for (const { request, status } of cases) {
        const answer = parse(await raw(port, request));
        expect(answer.status, request.slice(0, 40)).toBe(status);
        expect(answer.headers['content-type']).toBe('application/problem+json');
        expect(JSON.parse(answer.body)).toMatchObject({ status, message: `error.http.${status}` });
        expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      }
    });
  });
});
