import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './runBin.ts';
import { startServer, type TestServer } from './server.ts';
import { apiGet, type Session, sessionFor } from './session.ts';

/**
 * `--saved <name>` on the list commands (docs/cli.md): the rows of the saved list's query, as the
 * API gives them; the command line's options win; an unknown name, or another user's saved
 * list, is a usage error naming the caller's own.
 */
let server: TestServer;
let courtier: Session;
let courtier2: Session;

const save = async (session: Session, body: { name: string; list: string; query: string }) => {
  const response = await fetch(new URL('api/saved-filters', server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, isDefault: false }),
  });
  if (response.status !== 201) throw new Error(`POST saved-filters: ${response.status}`);
};
/** The first column of a TSV answer, header left out. */
const firstColumn = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0]);

beforeAll(async () => {
  server = await startServer();
  [courtier, courtier2] = await Promise.all([
    sessionFor(server.url, 'courtier'),
    sessionFor(server.url, 'courtier2'),
  ]);
  await save(courtier, {
    name: 'Santé récents',
    list: 'police',
    query: 'risque.in=Sant%C3%A9&sort=dateEffet%2Cdesc&columns=police%2Cnomprenom',
  });
  await save(courtier, {
    name: 'Prévisionnels',
    list: 'commission',
    query: 'typeBordereau.in=Pr%C3%A9visionnel',
  });
});
afterAll(async () => {
  await server?.close();
});

describe('--saved', () => {
  it("lists the saved list's rows in its order, as the API answers its query", async () => {
    const result = await runBin(['policies', 'list', '--saved', 'Santé récents'], { env: courtier.env });
    expect(result.code).toBe(0);
    const api = (await (
      await apiGet(server.url, courtier, 'api/police?risque.in=Sant%C3%A9&sort=dateEffet,desc&page=0&size=20')
    ).json()) as { police: string }[];
    expect(api.length).toBeGreaterThan(1);
    expect(firstColumn(result.stdout)).toEqual(api.map((row) => row.police));

    const statements = await runBin(['statements', 'list', '--saved', 'Prévisionnels', '--json'], {
      env: courtier.env,
    });
    expect(statements.code).toBe(0);
    const items = (JSON.parse(statements.stdout) as { items: { typeBordereau: string }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((s) => s.typeBordereau === 'Prévisionnel')).toBe(true);
  });

  it("lets the command line's options win over the saved list's", async () => {
    const result = await runBin(
      ['policies', 'list', '--saved', 'Santé récents', '--sort', 'idPolice,asc', '--size', '5'],
      { env: courtier.env },
    );
    expect(result.code).toBe(0);
    const api = (await (
      await apiGet(server.url, courtier, 'api/police?risque.in=Sant%C3%A9&sort=idPolice,asc&page=0&size=5')
    ).json()) as { police: string }[];
    expect(firstColumn(result.stdout)).toEqual(api.map((row) => row.police));
  });

  it("refuses an unknown name and another user's saved list with exit 2, naming the caller's own", async () => {
    const unknown = await runBin(['policies', 'list', '--saved', 'Nope'], { env: courtier.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('extranet: No saved list "Nope" for this list (yours: Santé récents)\n');
    expect(unknown.stdout).toBe('');
    // courtier2 has none: courtier's is not theirs to apply.
    const other = await runBin(['policies', 'list', '--saved', 'Santé récents'], { env: courtier2.env });
    expect(other.code).toBe(2);
    expect(other.stderr).toBe('extranet: No saved list "Santé récents" for this list (yours: —)\n');
    expect(other.stdout).toBe('');
  });
});
