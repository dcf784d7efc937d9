import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { debugTransport } from './debugTransport.ts';

describe('--debug', () => {
  it('shows each call, its status and time, never the token, the password or noise headers', async () => {
    let text = '';
    const stream = new Writable({
      write(chunk, _e, done) {
        text += chunk.toString();
        done();
      },
    });
    let clock = 0;
    const empty: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };
    const transport = debugTransport(
      async (request) => ({
        status: 200,
        statusText: 'OK',
        url: request.url.toString(),
        headers: { 'x-total-count': '3', 'x-frame-options': 'DENY', 'set-cookie': 'XSRF-TOKEN=abc' },
        body: empty,
        text: async () => '[]',
        bytes: async () => new Uint8Array(),
      }),
      stream,
      () => (clock += 12.5),
    );
    await transport({
      method: 'POST',
      url: new URL('http://x/api/authenticate'),
      headers: { authorization: 'Bearer secret.jwt.value', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'u', password: 'hunter2' }),
    });
    expect(text).toBe(
      [
        '> POST http://x/api/authenticate',
        '> authorization: Bearer ***',
        '> content-type: application/json',
        '> (body: 37 bytes, not shown)',
        '< 200 OK in 12.5 ms',
        '< x-total-count: 3',
        '',
      ].join('\n'),
    );
    expect(text).not.toContain('secret');
    expect(text).not.toContain('hunter2');
  });
});
