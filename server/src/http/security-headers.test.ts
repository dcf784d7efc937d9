import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './security-headers.ts';

describe('security headers computed once', () => {
  it('records what helmet sets and removes, HSTS included when asked', () => {
    const plain = securityHeadersOf({ hsts: false });
    const names = plain.set.map(([name]) => name);
    expect(names).toContain('Content-Security-Policy');
    expect(names).not.toContain('Strict-Transport-Security');
    expect(plain.removed).toEqual(['X-Powered-By']);
    const https = new Map(securityHeadersOf({ hsts: true }).set);
    expect(https.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a directive computed per request rather than freezing its first value', () => {
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: [() => "'self'"] } },
      }),
    ).toThrow();
  });
});
