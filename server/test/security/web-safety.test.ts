/**
 * Web safety. The server never renders user text as HTML: stored XSS attempts in
 * every displayed text field come back as inert JSON (with `nosniff`) or as CSV text, CSV
 * cells a spreadsheet would run are defused, mailed names are escaped. The web app at `/` gets
 * a Content-Security-Policy that allows no inline or foreign script, and no answer anywhere
 * sets a cookie (so there is no CSRF surface).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../entities/seed.ts';
import { forEachApp, outbox } from '../helpers.ts';
import { RUNS } from './hostile.ts';

const webDist = mkdtempSync(join(tmpdir(), 'extranet-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><script type="module" src="/assets/app.js"></script>',
);
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '</script><script>alert(1)</script>',
  "'';!--\"<XSS>=&{()}",
];

/** CSP directives as a map: `script-src` → [`'self'`]. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('web safety', () => {
  forEachApp(
    (_kind, ctx) => {
      let admin: { authorization: string };
      let courtier: { authorization: string };
      beforeAll(async () => {
        await seed(ctx().db);
        admin = await ctx().auth('admin');
        courtier = await ctx().auth('courtier');
      });
      const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
        ctx().app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

      it('stores XSS attempts in displayed text fields and returns them as inert JSON text', async () => {
        const policy = {
          idPolice: 880001,
          codeCourtierPortail: 'C0001',
          codeCourtierGrossistePortail: 'G0001',
        };
        const texts = {
          nomprenom: XSS[0],
          ville: XSS[1],
          formule: XSS[2],
          motifResil: XSS[3],
          courtier: XSS[4],
        };
        const created = await inject('POST', '/api/police', { ...policy, ...texts });
        expect(created.statusCode).toBe(201);
        for (const url of [
          '/api/police/880001',
          '/api/police?idPolice.equals=880001',
          `/api/police?q=${encodeURIComponent('<script>')}`,
        ]) {
          const response = await inject('GET', url);
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type'], url).toMatch(/^application\/json/);
          expect(response.headers['x-content-type-options'], url).toBe('nosniff');
          const body = response.json();
          const row = Array.isArray(body) ? body[0] : body;
          // Lists leave contact fields (ville) to ROLE_COORD, which the admin lacks.
          for (const [field, value] of Object.entries(texts))
            if (!Array.isArray(body) || field in row) expect(row[field], `${url} ${field}`).toBe(value);
        }
        const csv = await ctx().app.inject({
          method: 'GET',
          url: '/api/police/export.csv?idPolice.equals=880001',
          headers: courtier,
        });
        expect(csv.statusCode).toBe(200);
        expect(csv.body).toContain(XSS[0]);
        expect(csv.headers['content-type']).toMatch(/^text\/csv/);
        expect(csv.headers['x-content-type-options']).toBe('nosniff');
        expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
      });

      it('defuses every CSV cell a spreadsheet would run as a formula', async () => {
        let n = 881000;
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('=', '+', '-', '@', '\t', '\r'),
            fc.string({ maxLength: 20 }),
            async (lead, rest) => {
              const idPolice = n++;
              const nomprenom = `${lead}${rest}`;
              const created = await inject('POST', '/api/police', {
                idPolice,
                codeCourtierPortail: 'C0001',
                nomprenom,
              });
              expect(created.statusCode).toBe(201);
              const csv = await ctx().app.inject({
                method: 'GET',
                url: `/api/police/export.csv?idPolice.equals=${idPolice}&columns=nomprenom`,
                headers: courtier,
              });
              const cell = csv.body.replace(/^\uFEFF/, '').split('\r\n')[1]!;
              // Quoted or not, the cell's first character is a quote, never the formula lead.
              expect(cell.replace(/^"/, '').startsWith("'"), JSON.stringify(cell)).toBe(true);
            },
          ),
          { numRuns: Math.ceil(RUNS / 4) },
        );
      });

      it('refuses a formula in a shaped field, which exports do not defuse', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('=', '+', '-', '@', '\t', '\r'),
            fc.string({ maxLength: 20 }),
            fc.constantFrom('police', 'numeroUcr', 'cp', 'codeApporteur', 'email'),
            async (lead, rest, field) => {
              const response = await inject('POST', '/api/police', {
                idPolice: 882000,
                codeCourtierPortail: 'C0001',
                [field]: `${lead}${rest}`,
              });
              expect(response.statusCode).toBe(400);
              expect(response.json().fieldErrors).toEqual([
                { objectName: 'police', field, message: 'Pattern' },
              ]);
            },
          ),
          { numRuns: Math.ceil(RUNS / 4) },
        );
        expect((await inject('GET', '/api/police/882000')).statusCode).toBe(404);
      });

      it('answers every API call, error or not, as JSON or problem+json with nosniff', async () => {
        const calls = [
          ['GET', '/api/account'],
          ['GET', '/api/police/999999'],
          ['GET', '/api/nope'],
          ['GET', `/api/police?nomprenom.contains=${encodeURIComponent(XSS[0]!)}`],
          ['GET', `/api/police?${encodeURIComponent(XSS[1]!)}=1`],
          ['GET', '/management/health'],
        ] as const;
        for (const [method, url] of calls) {
          const response = await inject(method, url);
          expect(response.headers['content-type'], url).toMatch(/^application\/(problem\+)?json/);
          expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        }
      });

      it('escapes names in mailed HTML (registration with a hostile first name)', async () => {
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/register',
          payload: {
            login: 'xss-mail',
            email: 'xss-mail@example.com',
            password: 'Str0ng!Passw0rd',
            firstName: '<img src=x onerror=alert(1)>',
            lastName: '<b>bold</b>',
          },
          remoteAddress: '198.51.100.7',
        });
        expect(response.statusCode).toBe(201);
        const mail = outbox(ctx().config).find((m) => m.to.includes('xss-mail@example.com'));
        // The text/plain part may say the name as typed; the HTML part must escape it.
        const html = mail!.text.slice(mail!.text.indexOf('<!doctype html>'));
        expect(html).toContain('</html>');
        expect(html).not.toContain('<img src=x');
        expect(html).not.toContain('<b>bold</b>');
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      });

      it('sends a strict Content-Security-Policy with the web app: no inline, eval or foreign script', async () => {
        for (const url of ['/', '/index.html', '/api/account']) {
          const response = await inject('GET', url);
          const policy = csp(response.headers['content-security-policy']);
          const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
          expect(scripts, url).toEqual(["'self'"]);
          expect(policy.get('default-src'), url).toEqual(["'self'"]);
          expect(policy.get('object-src'), url).toEqual(["'none'"]);
          expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
          expect(policy.get('base-uri'), url).toEqual(["'self'"]);
          expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        }
        const page = await inject('GET', '/');
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-content-type-options']).toBe('nosniff');
      });

      it('sends the same full set of security headers on a page, an API answer and errors', async () => {
        const expected = {
          'content-security-policy':
            "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'",
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
          'origin-agent-cluster': '?1',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
          'x-dns-prefetch-control': 'off',
          'x-download-options': 'noopen',
          'x-frame-options': 'SAMEORIGIN',
          'x-permitted-cross-domain-policies': 'none',
          'x-xss-protection': '0',
        };
        // Helmet's headers, and those it may set in another configuration (HSTS over https).
        const names = new Set([
          ...Object.keys(expected),
          'strict-transport-security',
          'content-security-policy-report-only',
          'cross-origin-embedder-policy',
          'x-powered-by',
        ]);
        const security = (headers: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(headers).filter(([name]) => names.has(name)));
        const answers = {
          page: await inject('GET', '/'),
          api: await inject('GET', '/api/account'),
          notFound: await inject('GET', '/api/police/999999999'),
          unauthorized: await ctx().app.inject({ method: 'GET', url: '/api/account' }),
          badRequest: await inject('GET', '/api/police?size=abc'),
        };
        expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 400]);
        for (const [name, response] of Object.entries(answers)) {
          expect(security(response.headers), name).toEqual(expected);
        }
      });

      it('sets no cookie on any answer: sign-in, account flows, lists, exports, errors, static files', async () => {
        const token = await ctx().token('courtier');
        const responses = [
          await ctx().app.inject({
            method: 'POST',
            url: '/api/authenticate',
            payload: { username: 'courtier', password: 'courtier', rememberMe: true },
          }),
          await ctx().app.inject({
            method: 'POST',
            url: '/api/authenticate',
            payload: { username: 'courtier', password: 'wrong-one' },
          }),
          await ctx().app.inject({
            method: 'GET',
            url: '/api/account',
            headers: { authorization: `Bearer ${token}` },
          }),
          await ctx().app.inject({
            method: 'GET',
            url: '/api/police',
            headers: { authorization: `Bearer ${token}` },
          }),
          await ctx().app.inject({
            method: 'GET',
            url: '/api/police/export.csv',
            headers: { authorization: `Bearer ${token}` },
          }),
          await ctx().app.inject({ method: 'GET', url: '/api/profile-info' }),
          await ctx().app.inject({ method: 'GET', url: '/api/activate?key=1' }),
          await ctx().app.inject({ method: 'GET', url: '/management/health' }),
          await ctx().app.inject({ method: 'GET', url: '/' }),
          await ctx().app.inject({ method: 'GET', url: '/assets/app.js' }),
          await inject('GET', '/management/metrics'),
        ];
        for (const response of responses) {
          expect(response.headers['set-cookie'], response.raw.req.url).toBeUndefined();
        }
      });

      it('checks uploads by content, not only by name', async () => {
        const boundary = 'X-BOUNDARY';
        const part = (name: string, type: string, content: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
        const upload = (body: string) =>
          ctx().app.inject({
            method: 'POST',
            url: '/api/upload',
            headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload: `${body}--${boundary}--\r\n`,
          });
        const probe = await upload(part('a.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n'));
        expect(probe.statusCode).toBeLessThan(300);
        for (const [name, type, content] of [
          ['invoice.pdf', 'application/pdf', '<html><script>alert(1)</script></html>'],
          ['photo.png', 'image/png', 'MZ\x90\x00 this is an executable'],
          ['scan.jpg', 'image/jpeg', '#!/bin/sh\nrm -rf /\n'],
        ] as const) {
          const response = await upload(part(name, type, content));
          expect(response.statusCode, name).toBe(400);
          expect(response.headers['content-type'], name).toContain('application/problem+json');
        }
      });
    },
    { env: { WEB_DIST: webDist } },
  );
});
