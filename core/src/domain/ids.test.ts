import { describe, expect, it } from 'vitest';
import { IdBordereau, IdPolice, parseKey } from './ids.ts';

describe('business keys', () => {
  it('read an address or argument of digits only, and nothing else', () => {
    expect(parseKey(IdPolice, '1001')).toBe(1001);
    expect(parseKey(IdBordereau, '42')).toBe(42);
    for (const text of ['', 'abc', '12a', '-3', '1.5', '1e3', ' 7', '1234567890123456', null, undefined])
      expect(parseKey(IdPolice, text), String(text)).toBeNull();
  });
});
