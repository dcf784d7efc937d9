import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../src/identity/device.ts';

describe('deviceOf', () => {
  it('names browsers and systems, headless Chrome included', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(deviceOf('curl/8.5.0')).toBe('curl');
    expect(deviceOf('')).toBe('Unknown');
  });
});
