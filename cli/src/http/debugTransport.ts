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
      const { body } = request;
      const size =
        typeof body === 'string' || body instanceof Uint8Array ? `: ${Buffer.byteLength(body)} bytes` : '';
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
