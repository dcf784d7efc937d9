import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nodeTransport } from './transport.ts';

describe('node:http transport', () => {
  it('sends method, headers and body; reads status, lower-case headers and the body as a stream', async () => {
    const seen: { method?: string; auth?: string; body?: string } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        Object.assign(seen, { method: req.method, auth: req.headers.authorization, body });
        res.writeHead(201, 'Created', { 'X-Total-Count': '2', 'content-type': 'text/plain' });
        res.write('a\n');
        res.end('b\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const answer = await nodeTransport({
        method: 'PUT',
        url: new URL(`http://127.0.0.1:${port}/api/x?y=1`),
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"é":1}',
      });
      expect(seen).toEqual({ method: 'PUT', auth: 'Bearer t', body: '{"é":1}' });
      expect(answer).toMatchObject({ status: 201, statusText: 'Created', headers: { 'x-total-count': '2' } });
      const chunks: string[] = [];
      for await (const chunk of answer.body) chunks.push(Buffer.from(chunk).toString());
      expect(chunks.join('')).toBe('a\nb\n');
    } finally {
      server.close();
    }
  });

  it('an aborted request rejects (the client turns it into its timeout message)', async () => {
    const server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      await expect(
        nodeTransport({
          method: 'GET',
          url: new URL(`http://127.0.0.1:${port}/`),
          headers: {},
          signal: AbortSignal.timeout(100),
        }),
      ).rejects.toThrow();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
