import type { Writable } from 'node:stream';
import { formatMs } from '../output/duration.ts';
import type { Transport } from './transport.ts';

/** Headers whose values are secrets: shown as `***` (`--debug` never prints a token). */
const SECRET = /^(authorization|cookie|set-cookie|x-xsrf-token|proxy-authorization)$/i;

/** Answer headers worth reading when debugging the API (not the security headers of every answer). */
const USEFUL =
  /^(content-type|content-length|content-disposition|location|link|x-total-|x-scope-|x-.*-(alert|error|params)$)/i;

const headerLines = (headers: Readonly<Record<string, string>>, prefix: string, only = /./) =>
  Object.entries(headers)
    .filter(([name]) => only.test(name))
    .map(([name, value]) => `${prefix} ${name}: ${SECRET.test(name) ? `${value.split(' ')[0]} ***` : value}`);

/**
 * A transport that reports each call on `stream` (`--debug`, `EXTRANET_DEBUG=1`): method, URL,
 * headers with secrets hidden, body size (never its content: a sign-in sends a password), then
 * the status, the time to the answer and the answer's useful headers.
 */
export const debugTransport =
  (
    transport: Transport,
    stream: Writable,
    now: () => number = performance.now.bind(performance),
  ): Transport =>
  async (request) => {
    const lines = [`> ${request.method} ${request.url}`, ...headerLines(request.headers, '>')];
    if (request.body !== undefined) {
      const size = typeof request.body === 'string' ? `: ${Buffer.byteLength(request.body)} bytes` : '';
      lines.push(`> (body${size}, not shown)`);
    }
    stream.write(`${lines.join('\n')}\n`);
    const started = now();
    try {
      const answer = await transport(request);
      stream.write(
        `${[`< ${answer.status} ${answer.statusText} in ${formatMs(now() - started)}`, ...headerLines(answer.headers, '<', USEFUL)].join('\n')}\n`,
      );
      return answer;
    } catch (error) {
      stream.write(`< failed after ${formatMs(now() - started)}: ${(error as Error).message}\n`);
      throw error;
    }
  };

/**
 * The same report for a `fetch` function: core's Effect client (sign-in) calls `globalThis.fetch`,
 * so `--debug` wraps it too. Headers go through a plain object, the body is never read.
 */
export const debugFetch =
  (fetch: typeof globalThis.fetch, stream: Writable): typeof globalThis.fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    let response: Response | undefined;
    await debugTransport(async () => {
      response = await fetch(input, init);
      const answerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        answerHeaders[name] = value;
      });
      const empty: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };
      return {
        status: response.status,
        statusText: response.statusText,
        url: request.url,
        headers: answerHeaders,
        body: empty,
        text: async () => '',
        bytes: async () => new Uint8Array(),
      };
    }, stream)({
      method: request.method,
      url: new URL(request.url),
      headers,
      ...(init?.body === undefined || init.body === null
        ? {}
        : {
            // Only its size is shown: bytes become a string of the same length, never printed.
            body:
              typeof init.body === 'string'
                ? init.body
                : ArrayBuffer.isView(init.body)
                  ? Buffer.from(init.body.buffer, init.body.byteOffset, init.body.byteLength).toString(
                      'latin1',
                    )
                  : new FormData(),
          }),
    });
    return response!;
  };
