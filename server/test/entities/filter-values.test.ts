/**
 * The multi-select choices of the policy and insured lists (`GET /api/police/distinct/{field}`,
 * `GET /api/police-assures/distinct/{field}`): only the caller's rows feed them, hidden columns
 * and unknown fields are refused like the list refuses them, and a value sent back as `.in`
 * filters the list. Real sign-in, PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { forEachApp } from '../helpers.ts';

type Row = Record<string, string | null>;

const broker = (code: string, grossiste: string, courtier: string) => ({
  code_courtier_portail: code,
  code_courtier_grossiste_portail: grossiste,
  courtier,
});

// C0001 and C0003 belong to wholesaler G0001; C0002 to G0002 (docs/design.md §7).
const POLICIES: readonly Row[] = [
  {
    ...broker('C0001', 'G0001', 'Cabinet Martin'),
    id_police: '5001',
    code_apporteur: 'A0101',
    apporteur: 'Lefèvre Conseil',
    gamme: 'Gamme A',
    motif_resil: 'Actif',
    commissionnement: 'Linéaire',
  },
  {
    ...broker('C0001', 'G0001', 'Cabinet Martin'),
    id_police: '5002',
    code_apporteur: 'A0102',
    apporteur: 'Patrimoine & Prévoyance',
    gamme: 'Gamme B',
    motif_resil: 'Décès',
    commissionnement: 'Escompte',
  },
  {
    ...broker('C0001', 'G0001', 'Cabinet Martin'),
    id_police: '5003',
    code_apporteur: null,
    apporteur: null,
    gamme: 'Gamme A',
    motif_resil: '',
    commissionnement: null,
  },
  {
    ...broker('C0002', 'G0002', 'Durand Courtage'),
    id_police: '5004',
    code_apporteur: 'A0201',
    apporteur: 'Sud Assur Conseil',
    gamme: 'Gamme Secrète',
    motif_resil: 'Loi Hamon',
    commissionnement: 'Précompte',
  },
  {
    ...broker('C0003', 'G0001', 'Assurances du Centre'),
    id_police: '5005',
    code_apporteur: 'A0301',
    apporteur: 'Bourbonnais Patrimoine',
    gamme: 'Gamme C',
    motif_resil: 'Actif',
    commissionnement: 'Linéaire',
  },
];

const ASSURES: readonly Row[] = [
  {
    ...broker('C0001', 'G0001', 'Cabinet Martin'),
    id_police: '5001',
    id_assure: '6001',
    code_apporteur: 'A0101',
    apporteur: 'Lefèvre Conseil',
    gamme: 'Gamme A',
    motif_resil: 'Actif',
  },
  {
    ...broker('C0002', 'G0002', 'Durand Courtage'),
    id_police: '5004',
    id_assure: '6002',
    code_apporteur: 'A0201',
    apporteur: 'Sud Assur Conseil',
    gamme: 'Gamme Secrète',
    motif_resil: 'Loi Hamon',
  },
  {
    ...broker('C0003', 'G0001', 'Assurances du Centre'),
    id_police: '5005',
    id_assure: '6003',
    code_apporteur: 'A0301',
    apporteur: 'Bourbonnais Patrimoine',
    gamme: 'Gamme C',
    motif_resil: 'Actif',
  },
];

async function insert(db: Db, table: string, rows: readonly Row[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.query(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((c) => row[c]),
    );
  }
}

/** What a caller should be offered, worked out from the rows above by the rule of docs/design.md §4. */
function expected(rows: readonly Row[], login: string, column: string, labelColumn?: string) {
  const inScope = (row: Row) =>
    login === 'admin' ||
    (login === 'grossiste'
      ? row.code_courtier_grossiste_portail === 'G0001'
      : row.code_courtier_portail === 'C0001');
  const values = new Map<string, string | null>();
  for (const row of rows.filter(inScope)) {
    const value = row[column];
    if (value) values.set(value, labelColumn ? (row[labelColumn] ?? null) : null);
  }
  return [...values]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([value, label]) => ({ value, label }));
}

describe('filter choices', () => {
  forEachApp((_kind, ctx) => {
    beforeAll(async () => {
      await insert(ctx().db, 'police', POLICIES);
      await insert(ctx().db, 'police_assure', ASSURES);
    });

    const get = async (login: string | null, url: string) =>
      ctx().app.inject({ method: 'GET', url, headers: login ? await ctx().auth(login) : {} });

    const cases = [
      ['/api/police', POLICIES],
      ['/api/police-assures', ASSURES],
    ] as const;

    for (const [base, rows] of cases) {
      it(`${base}: each account is offered exactly its own rows' values`, async () => {
        for (const login of ['admin', 'courtier', 'grossiste', 'portefeuille']) {
          for (const [field, column, label] of [
            ['courtier', 'courtier'],
            ['codeApporteur', 'code_apporteur', 'apporteur'],
            ['gamme', 'gamme'],
            ['motifResil', 'motif_resil'],
          ] as const) {
            const response = await get(login, `${base}/distinct/${field}`);
            expect(response.statusCode, `${login} ${field}: ${response.body}`).toBe(200);
            expect(response.json(), `${login} ${field}`).toEqual(expected(rows, login, column, label));
          }
        }
      });

      it(`${base}: another broker's courtier names, apporteurs and ranges never appear`, async () => {
        for (const login of ['courtier', 'grossiste', 'portefeuille']) {
          for (const field of ['courtier', 'codeApporteur', 'gamme', 'motifResil']) {
            const body = (await get(login, `${base}/distinct/${field}`)).body;
            for (const secret of [
              'Durand Courtage',
              'A0201',
              'Sud Assur Conseil',
              'Gamme Secrète',
              'Loi Hamon',
            ])
              expect(body, `${login} ${field}`).not.toContain(secret);
          }
        }
        const other = (await get('courtier2', `${base}/distinct/codeApporteur`)).json();
        expect(other).toEqual([{ value: 'A0201', label: 'Sud Assur Conseil' }]);
      });
    }

    it('an unknown field is a 400 problem naming it, like an unknown list filter', async () => {
      for (const field of ['nope', 'id_police', 'cotisationTtc', 'adresse1']) {
        const response = await get('courtier', `/api/police/distinct/${field}`);
        expect(response.statusCode, field).toBe(400);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.json()).toMatchObject({
          status: 400,
          message: 'error.validation',
          fieldErrors: [{ field: 'field', message: 'UnknownField' }],
        });
      }
    });

    it('a commission field is offered only to ROLE_COMPTA (column scope), as the list filter is', async () => {
      const hidden = await get('portefeuille', '/api/police/distinct/commissionnement');
      expect(hidden.statusCode).toBe(400);
      const listFilter = await get('portefeuille', '/api/police?commissionnement.in=Linéaire');
      expect(listFilter.statusCode).toBe(400);
      const shown = await get('courtier', '/api/police/distinct/commissionnement');
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual(expected(POLICIES, 'courtier', 'commissionnement'));
    });

    it('needs a token (401) and ROLE_PORTEFEUILLE or ROLE_ADMIN (403)', async () => {
      for (const base of ['/api/police', '/api/police-assures']) {
        expect((await get(null, `${base}/distinct/gamme`)).statusCode).toBe(401);
        expect((await get('compta', `${base}/distinct/gamme`)).statusCode).toBe(403);
        expect((await get('user', `${base}/distinct/gamme`)).statusCode).toBe(403);
      }
    });

    it('values sent back as an `in` filter select those rows of the list', async () => {
      const choices = (await get('grossiste', '/api/police/distinct/codeApporteur')).json() as {
        value: string;
      }[];
      const picked = choices.filter((c) => c.value !== 'A0101').map((c) => c.value);
      const list = await get(
        'grossiste',
        `/api/police?codeApporteur.in=${encodeURIComponent(picked.join(','))}&size=100`,
      );
      expect(list.statusCode).toBe(200);
      const got = (list.json() as { codeApporteur: string }[]).map((row) => row.codeApporteur).sort();
      expect(got).toEqual(picked);
    });
  });
});
