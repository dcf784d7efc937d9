/**
 * Hostile values for the property tests of the security suites (fast-check arbitraries), and
 * the checks every answer to hostile input must pass: below 500, and a 4xx is a problem+json
 * body whose status matches, with no stack trace or SQL text leaking out.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** Fixed runs per property: enough to find the classic mistakes, bounded for CI time. */
export const RUNS = Number(process.env.SECURITY_RUNS ?? 100);

export const SQL_META = [
  "'",
  "''",
  '"',
  '`',
  ';',
  '--',
  '/*',
  '*/',
  "' or '1'='1",
  "'; drop table police; --",
  "1; delete from users where '1'='1",
  ') union select password_hash from users --',
  "1' and pg_sleep(5)--",
  '$1',
  '$$',
  "E'\\x00'",
  '%',
  '_',
  '\\',
  '\\\\%',
  '%00',
  '\u0000',
  'null',
  'undefined',
  '::bigint',
  '::text',
  'a,b,,c,',
  ',',
  'id,desc;drop',
  'id,sideways',
  '__proto__',
  'constructor',
] as const;

export const NUMBERISH = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1e309',
  '1e-400',
  '0x10',
  '1.5',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999',
  '-99999999999999999999999999',
  '1 ',
  ' 1',
  '+1',
  '2024-02-30',
  '2024-13-01',
  '0000-01-01',
  '9999-12-31T23:59:59+99:99',
  '2024-01-01T25:00:00',
  '10000-01-01',
  '2024-01-01T00:00:00+14:59',
] as const;

export const UNICODE = [
  'é'.repeat(600),
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202E',
  '🦄💥',
  '\r\n',
  '<script>alert(1)</script>',
  'Ω≈ç√∫',
  '\u0001\u001f\u007f',
  'Ａ０',
] as const;

/** Any hostile text: metacharacters, number-like text, unicode oddities, random code points, long runs. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL_META),
  fc.constantFrom(...NUMBERISH),
  fc.constantFrom(...UNICODE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  fc
    .tuple(fc.constantFrom('a', "'", '9', 'é', '%'), fc.integer({ min: 101, max: 20_000 }))
    .map(([c, n]) => c.repeat(n)),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
);

/** Any JSON value of a wrong or hostile kind for a body field. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.double({ noNaN: false }).map((n) => (Number.isFinite(n) ? n : String(n))),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 1e21, -0),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** Whether `response` is an acceptable answer to hostile input; fails with the request named. */
export function expectSafe(label: string, response: Answer): void {
  const where = `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400) {
    // 414 from the router and 404s of unknown paths are problems too.
    expect(String(response.headers['content-type']), where).toContain('application/problem+json');
    expect(JSON.parse(response.body).status, where).toBe(response.statusCode);
  }
  expect(response.body, where).not.toMatch(/\n\s+at |node_modules|syntax error at or near|SQLSTATE/);
}

/** The WTF-8 bytes of a lone surrogate, percent-encoded: invalid UTF-8 a hostile client may send. */
const loneSurrogate = (c: string) => {
  const u = c.charCodeAt(0);
  return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
    .map((b) => `%${b.toString(16).toUpperCase()}`)
    .join('');
};

/** Percent-encodes a query or path value; lone surrogates become invalid UTF-8 byte sequences. */
export function enc(value: string): string {
  return value
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/u)
    .map((part, i) => (i % 2 === 1 ? loneSurrogate(part) : encodeURIComponent(part)))
    .join('');
}
