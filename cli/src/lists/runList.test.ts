import { describe, expect, it } from 'vitest';
import { run as policies } from '../commands/policies/list.ts';
import { run as statements } from '../commands/statements/list.ts';
import { fakeDeps, json, problem } from '../testing/fakeDeps.ts';

const policy = (n: number) => ({
  id: n,
  idPolice: 1000 + n,
  police: `UCR20240000${String(n).padStart(2, '0')}`,
  nomprenom: `DUPONT Jean-Émile de la Rochefoucauld ${n}`,
  risque: 'Santé',
  gamme: 'UCR Santé Sérénité',
  statut: 'En cours',
  statutPaiement: 'OK',
  libelleStatutPaiement: 'Cotisations à jour',
  dateEffet: '2024-03-01',
  cotisationTtc: 1234.5,
  montantImpaye: 0.1,
});

/** A fake `api/police` over `count` rows, paged as the server pages them. */
const policeRoutes = (count: number) => ({
  'GET api/police': (_request: Request, url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const rows = Array.from({ length: count }, (_, i) => policy(i + 1)).slice(
      page * size,
      page * size + size,
    );
    return json(rows, { headers: { 'x-total-count': String(count) } });
  },
});

describe('lists: output for scripts and terminals', () => {
  it('a pipe: TSV with the API keys as header, whole values, ISO dates, decimal amounts; footer on stderr', async () => {
    const fake = fakeDeps({ routes: policeRoutes(3) });
    expect(await policies({}, fake.deps)).toBe(0);
    const lines = fake.stdout().trimEnd().split('\n');
    expect(lines[0]).toBe(
      'police\tnomprenom\trisque\tgamme\tstatut\tstatutPaiement\tdateEffet\tcotisationTtc',
    );
    expect(lines[1]).toBe(
      'UCR2024000001\tDUPONT Jean-Émile de la Rochefoucauld 1\tSanté\tUCR Santé Sérénité\tEn cours\tCotisations à jour\t2024-03-01\t1234.50',
    );
    expect(lines).toHaveLength(4);
    expect(fake.stderr()).toBe('Page 1/1 — 3 rows\n');
  });

  it('a terminal: a table that fits the width, values cut with …, bold header only with colour', async () => {
    const plain = fakeDeps({ routes: policeRoutes(2), out: { format: 'table', width: 60 } });
    await policies({}, plain.deps);
    const lines = plain.stdout().trimEnd().split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(lines[2]).toContain('…');
    expect(plain.stdout()).not.toContain('\u001b[');
    const styled = fakeDeps({ routes: policeRoutes(2), out: { format: 'table', width: 60, color: true } });
    await policies({}, styled.deps);
    expect(styled.stdout().startsWith('\u001b[1mPoli')).toBe(true);
    expect(styled.stdout()).toContain('\u001b[2m─');
  });

  it('csv: RFC 4180 quoting, comma separated', async () => {
    const fake = fakeDeps({
      routes: { 'GET api/police': () => json([{ ...policy(1), nomprenom: 'MARTIN, "Zoé"' }]) },
      out: { format: 'csv' },
    });
    await policies({}, fake.deps);
    expect(fake.stdout().split('\n')[1]).toBe(
      'UCR2024000001,"MARTIN, ""Zoé""",Santé,UCR Santé Sérénité,En cours,Cotisations à jour,2024-03-01,1234.50',
    );
  });

  it('json: money as decimal strings, the page’s place', async () => {
    const fake = fakeDeps({ routes: policeRoutes(3), out: { format: 'json' } });
    await policies({ size: '2' }, fake.deps);
    const body = JSON.parse(fake.stdout());
    expect(body).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(body.items[0]).toMatchObject({ cotisationTtc: '1234.50', montantImpaye: '0.10' });
    expect(fake.stderr()).toBe('');
  });

  it('--all streams every page, 1000 rows a request unless --size, header once', async () => {
    const fake = fakeDeps({ routes: policeRoutes(5) });
    await policies({ all: true, size: '2' }, fake.deps);
    expect(fake.calls).toEqual([
      'GET api/police?page=0&size=2&sort=dateCreation%2Cdesc',
      'GET api/police?page=1&size=2&sort=dateCreation%2Cdesc',
      'GET api/police?page=2&size=2&sort=dateCreation%2Cdesc',
    ]);
    const lines = fake.stdout().trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('police\t'))).toHaveLength(1);
    expect(lines).toHaveLength(6);
    expect(fake.stderr()).toBe('5 rows of 5\n');
    const big = fakeDeps({ routes: policeRoutes(3) });
    await policies({ paginate: true }, big.deps);
    expect(big.calls).toEqual(['GET api/police?page=0&size=1000&sort=dateCreation%2Cdesc']);
  });

  it('--all as JSON: one valid document however many pages', async () => {
    const fake = fakeDeps({ routes: policeRoutes(5), out: { format: 'json' } });
    await policies({ all: true, size: '2' }, fake.deps);
    const body = JSON.parse(fake.stdout());
    expect(body.total).toBe(5);
    expect(body.items.map((p: { idPolice: number }) => p.idPolice)).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(body.items[4].cotisationTtc).toBe('1234.50');
    const empty = fakeDeps({ routes: policeRoutes(0), out: { format: 'json' } });
    await policies({ all: true }, empty.deps);
    expect(JSON.parse(empty.stdout())).toEqual({ total: 0, items: [] });
  });

  it('an empty list: the TSV header alone; a table says "No results." on stderr', async () => {
    const tsv = fakeDeps({ routes: policeRoutes(0) });
    await policies({}, tsv.deps);
    expect(tsv.stdout().split('\n')).toHaveLength(2);
    const table = fakeDeps({ routes: policeRoutes(0), out: { format: 'table' } });
    await policies({}, table.deps);
    expect(table.stdout()).toBe('');
    expect(table.stderr()).toContain('No results.');
  });

  it('the server’s detail joins its generic message (exit 2)', async () => {
    const fake = fakeDeps({
      routes: {
        'GET api/police': () =>
          problem(400, {
            title: 'Bad Request',
            message: 'error.validation',
            detail: 'Unknown or not permitted filter field: nope.equals',
            fieldErrors: [{ objectName: 'filter', field: 'nope.equals', message: 'UnknownField' }],
          }),
      },
    });
    await expect(policies({ filter: ['nope.equals=1'] }, fake.deps)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/: Unknown or not permitted filter field: nope\.equals$/),
    });
  });

  it('statements: total and forecasts in JSON as decimals; the total line on stderr for people', async () => {
    const rows = [
      {
        id: 2,
        idBordereau: 2,
        mois: '2024-06-01',
        typeBordereau: 'Prévisionnel',
        montant: 10,
        soldePrecedent: null,
      },
      {
        id: 1,
        idBordereau: 1,
        mois: '2024-05-01',
        typeBordereau: 'Définitif',
        montant: 1116.29,
        soldePrecedent: 0,
      },
    ];
    const routes = {
      'GET api/commissions': () =>
        json(rows, { headers: { 'x-total-count': '2', 'x-total-amount': '1116.29' } }),
    };
    const asJson = fakeDeps({ routes, out: { format: 'json' } });
    await statements({}, asJson.deps);
    expect(JSON.parse(asJson.stdout())).toMatchObject({
      totalExcludingForecasts: '1116.29',
      forecasts: [2],
      items: [
        { montant: '10.00', soldePrecedent: null },
        { montant: '1116.29', soldePrecedent: '0.00' },
      ],
    });
    const tsv = fakeDeps({ routes });
    await statements({}, tsv.deps);
    expect(tsv.stderr()).toBe('Page 1/1 — 2 rows\nTotal excluding forecasts: €1,116.29\n');
    expect(tsv.stdout()).not.toContain('Total');
  });
});
