/**
 * SIGTERM stops accepting connections, lets the requests in flight finish, and
 * exits; a request that does not finish within SHUTDOWN_TIMEOUT_SECONDS does not hold the
 * process: it exits at the deadline. The real server (its own process) on an embedded folder.
 *
 * The slow request is a sign-in whose body arrives late: the test sends the headers and half the
 * JSON body on a raw socket, then either the rest (finished within the deadline) or nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './server-process.ts';

const BODY = JSON.stringify({ username: 'nobody', password: 'wrong-password' });

/** Opens a request on a raw socket with only half of its body sent; resolves once connected. */
async function halfRequest(url: string): Promise<{ socket: Socket; rest(): void; answer: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `POST /api/authenticate HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY.slice(0, 10)}`,
  );
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    received += chunk;
  });
  const answer = new Promise<string>((resolve) => {
    socket.once('close', () => resolve(received));
    socket.once('error', () => undefined);
  });
  return { socket, rest: () => socket.write(BODY.slice(10)), answer };
}

/** Lets the test read the server's in-flight gauge (management/prometheus) without an admin. */
const SCRAPE_TOKEN = 'shutdown-test-scrape-token-0123456789';

/** The server's `http_requests_in_flight`, read on a connection of its own that it closes. */
const inFlight = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const request = get(
      `${url}/management/prometheus`,
      { agent: false, headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve(Number(/^http_requests_in_flight (\d+)/m.exec(text)?.[1] ?? 0)));
      },
    );
    request.on('error', reject);
  });

/** Resolves once the server has begun the half request: in flight beside this scrape itself. */
async function begun(url: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await inFlight(url)) >= 2) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the half-sent request never reached the server');
}

const refused = async (url: string) => {
  try {
    await fetch(`${url}/management/health/liveness`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
};

describe('shutdown deadline', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'extranet-shutdown-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a request in flight at SIGTERM gets its answer, new connections are refused, the process exits 0', async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      SEED_DEMO: 'false',
      PROMETHEUS_TOKEN: SCRAPE_TOKEN,
    });
    servers.push(server);
    // A request the server has begun (counted in flight) before the signal.
    const request = await halfRequest(server.url);
    await begun(server.url);
    server.child.kill('SIGTERM');
    await server.waitFor((line) => line.includes('shutting down'), 10_000);
    expect(await refused(server.url)).toBe(true);
    request.rest();
    const answer = await request.answer;
    // No account on this empty database: the whole answer is a 401 problem.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('application/problem+json');
    // The answer closes its connection: nothing keeps the process past the request.
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    const code = await server.exited;
    expect(code).toBe(0);
  }, 120_000);

  it('a request that never finishes: the process exits at the deadline', async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      SHUTDOWN_TIMEOUT_SECONDS: '2',
      SEED_DEMO: 'false',
      PROMETHEUS_TOKEN: SCRAPE_TOKEN,
    });
    servers.push(server);
    const request = await halfRequest(server.url);
    await begun(server.url);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    const seconds = (Date.now() - signalled) / 1000;
    expect(code).toBe(1);
    expect(seconds).toBeGreaterThanOrEqual(1.9);
    expect(seconds).toBeLessThan(8);
    expect(server.lines.some((line) => line.includes('shutdown deadline reached'))).toBe(true);
    request.socket.destroy();
  }, 120_000);
});
