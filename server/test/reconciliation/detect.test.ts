/**
 * Detection against the manifest (docs/reconciliation.md): on the demo set, the anomalies found
 * are exactly the errors the generator injected; on clean data there are none; an import that
 * fixes an error makes its anomaly disappear, and a rejected import changes none.
 */

import { FORECAST } from '@extranet/core/domain/forecast.ts';
import {
  type DemoSet,
  generateDemoSet,
  type InjectedAnomaly,
  scaleBrokers,
  scaleSet,
  toCsv,
} from '@extranet/fixtures';
import { describe, expect, it } from 'vitest';
import { ImportRejected, importFile } from '../../src/data/import/index.ts';
import { insertDataSet, loadDemoData } from '../../src/data/loadDemo.ts';
import type { Db } from '../../src/db/types.ts';
import { refreshAnomalies } from '../../src/reconciliation/refresh.ts';
import { forEachDatabase } from '../helpers.ts';

const today = '2025-06-15';
const bytes = (rows: readonly object[]) => new TextEncoder().encode(toCsv(rows as Record<string, unknown>[]));

const key = (a: Omit<InjectedAnomaly, 'idBordereau'> & { idBordereau: string | null }) =>
  [a.regle, a.idPolice, a.idBordereau ?? '-', a.mois, a.typeMouvement, a.periode, a.montant].join(' ');

type Found = InjectedAnomaly & { explication: string; explanation: string };

const found = async (db: Db) =>
  (
    (await db.query(
      `select regle, id_police::text as "idPolice", id_bordereau::text as "idBordereau", to_char(mois, 'YYYY-MM-DD') as mois,
              type_mouvement as "typeMouvement", to_char(periode, 'YYYY-MM-DD') as periode, montant::text as montant,
              explication, explanation
         from anomaly`,
    )) as unknown as Found[]
  ).map((a) => ({ ...a, key: key(a) }));

const emptyBusinessTables = (db: Db) =>
  db.exec(`truncate police, police_assure, commission, commission_pdf, recap_line, commission_mouvement,
                    timeline_event, anomaly restart identity cascade`);

describe('reconciliation detection', () => {
  forEachDatabase((_, getDb) => {
    it('finds nothing on clean data', async () => {
      const db = getDb();
      await loadDemoData(db, { today, anomalies: false });
      expect(await found(db)).toEqual([]);
      await emptyBusinessTables(db);
    });

    it('finds every injected error of the demo set and nothing else, each explained in French and English', async () => {
      const db = getDb();
      const set: DemoSet = generateDemoSet({ today });
      await loadDemoData(db, { today });
      const anomalies = await found(db);
      expect(anomalies.map((a) => a.key).sort()).toEqual(set.anomalies.map(key).sort());
      expect(new Set(set.anomalies.map((a) => a.regle)).size).toBe(6);
      const rate = anomalies.find(
        (a) => a.regle === 'RATE_MISMATCH' && a.idPolice === set.anomalies.at(-1)!.idPolice,
      )!;
      expect(rate.explication).toMatch(
        /^Ligne de la police \S+ au taux de 14 % alors que le contrat prévoit 12 % : écart de \d+,\d\d €\.$/,
      );
      expect(rate.explanation).toMatch(
        /^Line of policy \S+ at a 14% rate where the contract says 12%: €\d+\.\d\d apart\.$/,
      );
      for (const a of anomalies) expect(a.explication).not.toMatch(/[{}]/);
    });

    it('finds exactly the injected errors on a generated set too (25 brokers, another seed and day)', async () => {
      const db = getDb();
      const options = {
        today: '2026-10-20',
        seed: 'reconciliation',
        brokers: scaleBrokers(25),
        policiesPerBroker: 16,
      };
      const generated = generateDemoSet(options);
      await emptyBusinessTables(db);
      await db.transaction((tx) => insertDataSet(tx, generated, []));
      expect((await found(db)).map((a) => a.key).sort()).toEqual(generated.anomalies.map(key).sort());
      await emptyBusinessTables(db);
      await loadDemoData(db, { today });
    });

    it("finds exactly the errors the scale generator injects (npm run generate's set, 600 policies)", async () => {
      const db = getDb();
      const options = { policies: 600, today: '2026-03-10', seed: 'scale-anomalies' };
      const scale = scaleSet(options);
      const bundles = [...scale.bundles()];
      const injected = scale.injected();
      const all = [...bundles, ...injected.bundles];
      const { statements, recapLines } = scale.statements();
      const set: DemoSet = {
        policies: all.map((b) => b.police),
        assures: all.flatMap((b) => b.assures),
        mouvements: all.flatMap((b) => b.mouvements),
        events: all.flatMap((b) => b.events),
        statements,
        recapLines,
        anomalies: [...injected.manifest],
      };
      // Every rule, for the first broker and the last.
      expect(injected.manifest).toHaveLength(12);
      expect(new Set(injected.manifest.map((a) => a.regle)).size).toBe(6);
      await emptyBusinessTables(db);
      await db.transaction((tx) => insertDataSet(tx, set, []));
      expect((await found(db)).map((a) => a.key).sort()).toEqual(injected.manifest.map(key).sort());
      await emptyBusinessTables(db);
      await loadDemoData(db, { today });
    }, 120_000);

    it('the months of grace before "not paid" are configurable', async () => {
      const db = getDb();
      const unpaid = generateDemoSet({ today }).anomalies.find((a) => a.regle === 'COMMISSION_NOT_PAID')!;
      const count = async (months: number) => {
        await db.transaction((tx) => refreshAnomalies(tx, { unpaidMonths: months }));
        return (await found(db)).filter((a) => a.regle === 'COMMISSION_NOT_PAID').length;
      };
      // The last final statement is May 2025: the line is reported once that many months have gone by.
      const months = (2025 - Number(unpaid.mois.slice(0, 4))) * 12 + 5 - Number(unpaid.mois.slice(5, 7));
      expect(await count(months)).toBe(1);
      expect(await count(months + 1)).toBe(0);
      expect(await count(2)).toBe(1);
      await db.transaction((tx) => refreshAnomalies(tx));
    });

    it('an import that pays the missing commission removes its anomaly; a rejected one changes nothing', async () => {
      const db = getDb();
      const set = generateDemoSet({ today });
      const unpaid = set.anomalies.find((a) => a.regle === 'COMMISSION_NOT_PAID')!;
      const before = (await found(db)).map((a) => a.key).sort();
      const template = set.mouvements.find(
        (m) => m.idPolice === unpaid.idPolice && m.typeBordereau === 'Définitif',
      )!;
      const line = {
        ...template,
        idBordereau: String(
          Number(template.idBordereau) -
            Number(template.mois.slice(0, 4)) * 100 -
            Number(template.mois.slice(5, 7)) +
            202505,
        ),
        mois: '2025-05-01',
        typeMouvement: 'ESC',
        libelleMouvement: 'Escompte année 1',
        periode: unpaid.periode,
        taux: set.policies.find((p) => p.idPolice === unpaid.idPolice)!.tauxCommissionAnnee1,
        montant: unpaid.montant,
      };
      const rejected = await importFile(
        db,
        'mouvements',
        'm.csv',
        bytes([line, { ...line, idBordereau: '9999999' }]),
      ).catch((e: unknown) => e);
      expect(rejected).toBeInstanceOf(ImportRejected);
      expect((await found(db)).map((a) => a.key).sort()).toEqual(before);

      await importFile(db, 'mouvements', 'm.csv', bytes([line]));
      const after = (await found(db)).map((a) => a.key).sort();
      expect(after).toEqual(before.filter((k) => k !== key(unpaid)));
    });

    it("an import of lines detects again only its policies' anomalies, as a full rebuild finds them", async () => {
      const db = getDb();
      const set = generateDemoSet({ today });
      const rate = set.anomalies.find((a) => a.regle === 'RATE_MISMATCH')!;
      const policy = set.policies.find((p) => p.idPolice === rate.idPolice)!;
      const others = (await found(db)).filter((a) => a.idPolice !== rate.idPolice);
      const otherIds = () =>
        db.query('select id::text from anomaly where id_police <> $1 order by id', [rate.idPolice]);
      const untouched = await otherIds();
      // The line paid again at the contract's rate: its rate error is gone.
      const line = set.mouvements.find(
        (m) =>
          m.idPolice === rate.idPolice && m.idBordereau === rate.idBordereau && m.periode === rate.periode,
      )!;
      await importFile(db, 'mouvements', 'm.csv', bytes([{ ...line, taux: policy.tauxCommissionAnnee1 }]));
      const incremental = (await found(db)).map((a) => a.key).sort();
      expect(incremental).toEqual(others.map((a) => a.key).sort());
      // The other policies' rows were left in place (same ids), and a full rebuild agrees.
      expect(await otherIds()).toEqual(untouched);
      await db.transaction((tx) => refreshAnomalies(tx));
      expect((await found(db)).map((a) => a.key).sort()).toEqual(incremental);
      await importFile(db, 'mouvements', 'm.csv', bytes([line]));
      expect((await found(db)).map((a) => a.key)).toContain(key(rate));
    });

    it('an anomaly keeps its id while it stands: a full rebuild changes no id, a changed amount updates its row', async () => {
      const db = getDb();
      const set = generateDemoSet({ today });
      const rate = set.anomalies.find((a) => a.regle === 'RATE_MISMATCH')!;
      const rows = () =>
        db.query<{ id: string; id_police: string; montant: string }>(
          'select id::text, id_police::text, montant::text from anomaly order by id',
        );
      const before = await rows();
      expect(before.length).toBeGreaterThan(0);
      await db.transaction((tx) => refreshAnomalies(tx));
      expect(await rows()).toEqual(before);

      // The same line at the same wrong rate for twice the amount: the same anomaly, more at stake.
      const line = set.mouvements.find(
        (m) =>
          m.idPolice === rate.idPolice && m.idBordereau === rate.idBordereau && m.periode === rate.periode,
      )!;
      await importFile(
        db,
        'mouvements',
        'm.csv',
        bytes([{ ...line, montant: (Number(line.montant) * 2).toFixed(2) }]),
      );
      const after = await rows();
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
      const changed = after.filter((r, i) => r.montant !== before[i]!.montant);
      expect(changed.map((r) => r.id_police)).toEqual([String(rate.idPolice)]);
      const was = Number(before.find((r) => r.id === changed[0]!.id)!.montant);
      // Twice the amount, each rounded to the cent.
      expect(Math.abs(Number(changed[0]!.montant) - was * 2)).toBeLessThanOrEqual(0.01);
      await importFile(db, 'mouvements', 'm.csv', bytes([line]));
      expect(await rows()).toEqual(before);
    });

    it('an import of statements detects again only the unpaid rule, when the latest final month moves, as a full rebuild finds it', async () => {
      const db = getDb();
      const set = generateDemoSet({ today });
      const rows = () =>
        db.query<{ id: string; regle: string; key: string }>(
          `select id::text, regle, concat_ws(' ', regle, id_police, id_mouvement, type_mouvement, periode, montant) as key
             from anomaly order by id`,
        );
      const before = await rows();
      const last = set.statements
        .map((s) => s.mois)
        .sort()
        .at(-1)!;
      const final = set.statements.find((s) => s.typeBordereau !== FORECAST)!.typeBordereau;
      const statement = (idBordereau: string, mois: string, typeBordereau: string) => ({
        ...set.statements[0]!,
        idBordereau,
        mois,
        typeBordereau,
        fichierBordereau: null,
      });
      // A forecast for a later month moves nothing: not one anomaly row changes.
      await importFile(db, 'commissions', 'c.csv', bytes([statement('990001', '2026-01-01', FORECAST)]));
      expect(await rows()).toEqual(before);

      // A final statement six months on: more expected lines are now overdue.
      await importFile(db, 'commissions', 'c.csv', bytes([statement('990002', '2026-01-01', final)]));
      const after = await rows();
      expect(last < '2026-01-01').toBe(true);
      const unpaid = (list: typeof before) => list.filter((r) => r.regle === 'COMMISSION_NOT_PAID');
      expect(unpaid(after).length).toBeGreaterThan(unpaid(before).length);
      // Every other rule's rows are the same rows, and a full rebuild finds what the import left.
      const others = (list: typeof before) => list.filter((r) => r.regle !== 'COMMISSION_NOT_PAID');
      expect(others(after)).toEqual(others(before));
      await db.transaction((tx) => refreshAnomalies(tx));
      expect(await rows()).toEqual(after);

      // The final statement turned forecast: the month moves back, and so do the unpaid lines.
      await importFile(db, 'commissions', 'c.csv', bytes([statement('990002', '2026-01-01', FORECAST)]));
      expect((await rows()).map((r) => r.key).sort()).toEqual(before.map((r) => r.key).sort());
      await db.exec(`delete from commission where id_bordereau in (990001, 990002)`);
    });
  });
});
