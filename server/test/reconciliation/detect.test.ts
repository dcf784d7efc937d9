/**
 * Detection against the manifest (docs/reconciliation.md): on the demo set, the anomalies found
 * are exactly the errors the generator injected; on clean data there are none; an import that
 * fixes an error makes its anomaly disappear, and a rejected import changes none.
 */
import { type DemoSet, generateDemoSet, type InjectedAnomaly, scaleBrokers, toCsv } from '@extranet/fixtures';
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
  });
});
