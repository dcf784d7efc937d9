/**
 * The server's own CPU per list request, with nothing else measured in the same run: the list
 * benchmark's filtered policy list as the grossiste, BENCH_CPU_REQUESTS requests (default 2,000)
 * 4 at a time over keep-alive connections, after 300 to warm up, CPU from /proc/<pid>/stat.
 * Unlike screens per second, this figure hardly depends on how busy the machine is, so it
 * compares two versions of the server run one after the other (docs/performance.md).
 */
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePgDataset } from './lib/dataset.ts';
import { fmt } from './lib/report.ts';
import { signIn, startServer } from './lib/server.ts';

const dataset = await ensurePgDataset();
const path =
  '/api/police?statut.equals=En%20cours&risque.in=Sant%C3%A9,Pr%C3%A9voyance%20autre&dateEffet.gte=2015-01-01&sort=dateCreation,desc&page=0&size=10';
const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const server = await startServer({
  databaseUrl: dataset.url,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-cpu-')),
});
try {
  const token = await signIn(server.url, 'grossiste');
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const one = () =>
    new Promise<void>((resolvePromise, reject) => {
      request(
        `${server.url}${path}`,
        { agent, headers: { authorization: `Bearer ${token}` } },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`list answered ${response.statusCode}`));
          response.resume();
          response.on('end', resolvePromise);
        },
      )
        .on('error', reject)
        .end();
    });
  const run = async (n: number) => {
    let sent = 0;
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (sent++ < n) await one();
      }),
    );
  };
  await run(300);
  console.log(`Server CPU per list: grossiste, 3 filters, page of 10 (${dataset.url.replace(/^.*\//, '')})`);
  const perList: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const before = server.cpuMs();
    await run(requests);
    perList.push((server.cpuMs() - before) / requests);
    console.log(`  round ${round}: ${fmt(perList.at(-1)!, 3)} ms for each of ${requests} lists, 4 at a time`);
  }
  const median = [...perList].sort((a, b) => a - b)[Math.floor(perList.length / 2)]!;
  console.log(`server CPU per list: ${fmt(median, 3)} ms (median of ${rounds} rounds)`);
} finally {
  await server.close();
}
