import { type DemoSet, generateDemoSet, statementPdfs, toCsv } from '@extranet/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ImportProblem, ImportRejected, importFile } from '../../src/data/import/index.ts';
import type { Db } from '../../src/db/types.ts';
import { forEachDatabase } from '../helpers.ts';

const set: DemoSet = generateDemoSet({ today: '2025-06-15', policiesPerBroker: 4 });
const now = new Date('2025-06-16T02:00:00Z');
const bytes = (text: string) => new TextEncoder().encode(text);
const csv = (rows: readonly object[]) => bytes(toCsv(rows as Record<string, unknown>[]));

/** A fingerprint of every business table: equal fingerprints, unchanged database. */
const fingerprint = async (db: Db) => {
  const out: string[] = [];
  for (const t of [
    'police',
    'police_assure',
    'commission',
    'recap_line',
    'commission_mouvement',
    'timeline_event',
    'commission_pdf',
    'scope_count',
  ])
    out.push(
      String(
        (
          await db.query(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) h from ${t} t`)
        )[0]!.h,
      ),
    );
  return out.join(',');
};

const rejection = async (promise: Promise<unknown>): Promise<readonly ImportProblem[]> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportRejected);
  return (error as ImportRejected).problems;
};

describe('import', () => {
  forEachDatabase((_, getDb) => {
    beforeAll(async () => {
      const db = getDb();
      const first = await importFile(db, 'police', 'police.csv', csv(set.policies), { now });
      // A new policy brings its AFN, plus what its current state says (RSL, IMP…).
      expect(first).toMatchObject({ inserted: set.policies.length, updated: 0 });
      expect(first.events).toBeGreaterThan(set.policies.length);
      for (const [kind, rows] of [
        ['assures', set.assures],
        ['commissions', set.statements],
        ['recap', set.recapLines],
        ['mouvements', set.mouvements],
      ] as const)
        expect(await importFile(db, kind, `${kind}.csv`, csv(rows), { now })).toMatchObject({
          inserted: rows.length,
        });
    }, 60_000);

    it('gives every new policy its AFN event, and re-importing the same files changes nothing', async () => {
      const db = getDb();
      const afn = await db.query('select count(*)::int n from timeline_event where type_message = $1', [
        'AFN',
      ]);
      expect(afn[0]!.n).toBe(set.policies.length);
      const before = await fingerprint(db);
      const again = await importFile(db, 'police', 'police.csv', csv(set.policies), { now });
      expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: set.policies.length, events: 0 });
      expect(
        await importFile(db, 'mouvements', 'm.json', bytes(JSON.stringify(set.mouvements))),
      ).toMatchObject({
        unchanged: set.mouvements.length,
      });
      expect(await fingerprint(db)).toBe(before);
    });

    it('adds one RSL event to the broker timeline when a file terminates a contract, and none when imported again', async () => {
      const db = getDb();
      const target = set.policies.find((p) => p.motifResil === 'Actif')!;
      const terminated = set.policies.map((p) =>
        p === target
          ? {
              ...p,
              motifResil: 'Loi Hamon',
              codeResil: 'HAM',
              dateResil: '2025-07-31',
              dateEnregistrementResil: '2025-06-14',
            }
          : p,
      );
      const later = new Date('2025-06-17T02:00:00Z');
      const report = await importFile(db, 'police', 'police.csv', csv(terminated), { now: later });
      const events = await db.query<{ type_message: string; message: string; code_courtier_portail: string }>(
        'select type_message, message, code_courtier_portail from timeline_event where id_police = $1 and time = $2',
        [target.idPolice, later],
      );
      expect(report).toMatchObject({ updated: 1, events: 1 });
      expect(events).toEqual([
        {
          type_message: 'RSL',
          message: 'Résiliation du contrat au 31/07/2025 (motif : Loi Hamon)',
          code_courtier_portail: target.codeCourtierPortail,
        },
      ]);
      const before = await fingerprint(db);
      expect(await importFile(db, 'police', 'police.csv', csv(terminated), { now })).toMatchObject({
        updated: 0,
        events: 0,
      });
      expect(await fingerprint(db)).toBe(before);
    });

    it('adds an AAY event when an insured-person file adds someone to a contract', async () => {
      const db = getDb();
      // The last contract in force (the first one was terminated by the test above).
      const holder = set.assures.findLast((a) => a.motifResil === 'Actif')!;
      const child = {
        ...holder,
        idAssure: String(Number(holder.idPolice) * 10 + 9),
        rang: 9,
        nomprenom: 'MARTIN Zoé',
        prenom: 'Zoé',
      };
      const report = await importFile(db, 'assures', 'a.csv', csv([child]), { now });
      expect(report).toMatchObject({ inserted: 1 });
      const [event] = await db.query(
        'select type_message, message, id_assure from timeline_event where id_assure = $1',
        [child.idAssure],
      );
      expect(event).toEqual({
        type_message: 'AAY',
        message: "Ajout de l'assuré MARTIN Zoé",
        id_assure: Number(child.idAssure),
      });
      expect(report.events).toBe(1);
    });

    describe('rejects a bad file whole, with line, field and reason, leaving the database as it was', () => {
      const rejects = async (kind: Parameters<typeof importFile>[1], name: string, content: Uint8Array) => {
        const db = getDb();
        const before = await fingerprint(db);
        const problems = await rejection(importFile(db, kind, name, content, { now }));
        expect(await fingerprint(db)).toBe(before);
        return problems;
      };
      const policies = () =>
        set.policies.map((p) => ({ ...p, cotisationTtc: String(Number(p.cotisationTtc) + 1) }));

      it('a wrong type on line 3 (after good rows that would have changed)', async () => {
        const rows = policies();
        rows[1] = { ...rows[1]!, cotisationTtc: 'abc' };
        expect(await rejects('police', 'p.csv', csv(rows))).toEqual([
          {
            line: 3,
            field: 'cotisationTtc',
            reason: '"abc" is not a decimal number with at most 2 decimals',
          },
        ]);
      });

      it('unknown codes and dates out of range', async () => {
        const rows = policies();
        rows[0] = { ...rows[0]!, statut: 'Suspendu', dateEffet: '1850-01-01' };
        const problems = await rejects('police', 'p.csv', csv(rows));
        expect(problems.map((p) => [p.line, p.field])).toEqual(
          [
            [2, 'dateEffet'],
            [2, 'statut'],
          ].sort() as never,
        );
        expect(problems.find((p) => p.field === 'statut')!.reason).toMatch(/^unknown code "Suspendu"/);
        expect(problems.find((p) => p.field === 'dateEffet')!.reason).toMatch(/out of range/);
      });

      it('a formula or a separator in an identifier, a postal code or an e-mail address', async () => {
        const rows = policies();
        rows[0] = { ...rows[0]!, police: '=HYPERLINK("http://x")', cp: '+33000' };
        rows[2] = { ...rows[2]!, email: '-jean@x.fr', codeCourtierPortail: 'C0001;C0002' };
        const problems = await rejects('police', 'p.csv', csv(rows));
        expect(problems.map((p) => `${p.line} ${p.field}`).sort()).toEqual([
          '2 cp',
          '2 police',
          '4 codeCourtierPortail',
          '4 email',
        ]);
        expect(problems.find((p) => p.field === 'police')!.reason).toBe(
          '"=HYPERLINK("http://x")" is not an identifier (a letter or digit first, then letters, digits, spaces, . _ / -)',
        );
        expect(problems.find((p) => p.field === 'email')!.reason).toBe(
          '"-jean@x.fr" is not an e-mail address (a letter, digit or _ first)',
        );
      });

      it('wrong and missing columns', async () => {
        const rows = policies().map(({ codeCourtierPortail, ...rest }) => ({ ...rest, couleur: 'bleu' }));
        expect(await rejects('police', 'p.csv', csv(rows))).toEqual([
          { line: 1, field: 'couleur', reason: 'unknown column' },
          { line: 1, field: 'codeCourtierPortail', reason: 'missing column' },
        ]);
      });

      it('duplicate keys inside the file', async () => {
        const rows = policies();
        rows.push(rows[0]!);
        const problems = await rejects('police', 'p.csv', csv(rows));
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatchObject({ line: rows.length + 1, field: 'idPolice' });
        expect(problems[0]!.reason).toContain('already on line 2');
      });

      it('a truncated CSV or JSON file', async () => {
        const text = toCsv(policies());
        const cut = text.slice(0, text.lastIndexOf('\n', text.length - 2) + 40);
        const csvProblems = await rejects('police', 'p.csv', bytes(cut));
        expect(csvProblems[0]!.reason).toMatch(/truncated/);
        expect(csvProblems[0]!.line).toBe(policies().length + 1);
        const json = JSON.stringify(policies(), null, 1);
        const jsonProblems = await rejects('police', 'p.json', bytes(json.slice(0, json.length - 300)));
        expect(jsonProblems[0]!.reason).toMatch(/^truncated file/);
      });

      it('a file that is not UTF-8', async () => {
        const lines = toCsv(policies()).split('\n');
        lines[3] = lines[3]!.replace(set.policies[2]!.nomprenom, 'DUPRÉ Noël');
        // Line 4 saved as Latin-1, the others as UTF-8.
        const latin1 = Buffer.concat(
          lines.map((l, i) =>
            Buffer.from(i === lines.length - 1 ? l : `${l}\n`, i === 3 ? 'latin1' : 'utf8'),
          ),
        );
        expect(await rejects('police', 'p.csv', latin1)).toEqual([
          { line: 4, field: null, reason: 'not valid UTF-8: save the file as UTF-8' },
        ]);
      });

      it('movements of an unknown statement', async () => {
        const rows = [{ ...set.mouvements[0]!, idBordereau: '9999999' }];
        expect(await rejects('mouvements', 'm.csv', csv(rows))).toEqual([
          { line: 2, field: 'idBordereau', reason: 'unknown idBordereau 9999999 (not in commission)' },
        ]);
      });
    });

    it('imports statement PDFs once, and rejects a truncated one', async () => {
      const db = getDb();
      const [pdf] = await statementPdfs({
        statements: set.statements.filter((s) => s.fichierBordereau).slice(0, 1),
        recapLines: set.recapLines,
      });
      const name = `${pdf!.idBordereau}.pdf`;
      expect(await importFile(db, 'pdf', name, pdf!.content)).toMatchObject({ inserted: 1 });
      expect(await importFile(db, 'pdf', name, pdf!.content)).toMatchObject({ unchanged: 1 });
      const [row] = await db.query('select fichier_bordereau from commission where id_bordereau = $1', [
        pdf!.idBordereau,
      ]);
      expect(row).toEqual({ fichier_bordereau: name });
      const problems = await rejection(importFile(db, 'pdf', name, pdf!.content.subarray(0, 1000)));
      expect(problems[0]!.reason).toMatch(/truncated PDF/);
    });
  });
});
