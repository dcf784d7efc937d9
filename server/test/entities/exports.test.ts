import { formatMonth, formatPercent } from '@extranet/core/format/display.ts';
import { describe, expect, it } from 'vitest';
import { get, targets } from './harness.ts';
import { seededApp } from './seeded.ts';

const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');

describe.each(targets)('exports on $name', (target) => {
  const seeded = seededApp(target);

  it('streams the filtered, sorted policies as French CSV with a BOM', async () => {
    const response = await get(
      seeded.app,
      'courtier',
      '/api/police/export.csv?sort=idPolice&columns=idPolice,nomprenom,dateCreation,cotisationTtc,tauxCommissionAnnee1,ville',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="police.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines(response.body)).toEqual([
      'Id police;Nom prénom;Date enregistrement;Cotisation TTC;Taux commission an.1;Ville',
      '1001;DUPONT Jean;15/01/2020;100,10;12,5\u00a0%;Paris',
      '1002;MARTIN Marie;01/06/2021;200,20;;Lyon',
      '1003;DURAND Paul;10/03/2019;50,00;;Paris',
    ]);
  });

  it('uses the list filters, preset and search, and ignores paging', async () => {
    const response = await get(
      seeded.app,
      'courtier',
      '/api/police/export.csv?preset=RES&columns=idPolice&page=3&size=1',
    );
    expect(lines(response.body)).toEqual(['Id police', '1002', '1003']);
    const searched = await get(seeded.app, 'courtier', '/api/police/export.csv?q=martin&columns=nomprenom');
    expect(lines(searched.body)).toEqual(['Nom prénom', 'MARTIN Marie']);
  });

  it('exports only the columns the caller may see', async () => {
    const response = await get(seeded.app, 'courtier2', '/api/police/export.csv');
    const [header, row] = lines(response.body);
    const columns = header!.split(';');
    expect(columns).toContain('Commissionnement');
    for (const hidden of ['Ville', 'E-mail', 'Téléphone 1', 'Adresse 1'])
      expect(columns).not.toContain(hidden);
    expect(row).toContain('BERNARD Luc');
    expect(row).not.toContain('Marseille');
    const denied = await get(seeded.app, 'courtier2', '/api/police/export.csv?columns=idPolice,email');
    expect(denied.statusCode).toBe(400);
    expect(denied.json().fieldErrors[0].field).toBe('columns');
  });

  it('quotes separators and defuses spreadsheet formulas', async () => {
    await seeded.testDb.db.query(
      `update police set nom = 'A;B "C"', prenom = '-Anne' where id_police = 1005`,
    );
    const response = await get(
      seeded.app,
      'grossiste',
      '/api/police/export.csv?idPolice.equals=1005&columns=nom,formule,nomprenom,prenom,police,cp',
    );
    // Free text is defused (= and -); shaped text (policy number, postal code) is checked on write instead.
    expect(lines(response.body)[1]).toBe(`"A;B ""C""";'=1+1;O'NEIL 100%_Anne;'-Anne;POL-1005;33000`);
  });

  it('exports statements and a statement lines, scoped', async () => {
    const statements = await get(
      seeded.app,
      'courtier',
      '/api/commissions/export.csv?columns=idBordereau,mois,montant,typeBordereau',
    );
    expect(lines(statements.body)).toEqual([
      'Id bordereau;Mois comptable;Montant versement;Type bordereau',
      '2003;03/2024;50,00;Prévisionnel',
      '2002;02/2024;200,20;Définitif',
      '2001;01/2024;100,10;Définitif',
    ]);
    const movements = await get(
      seeded.app,
      'courtier',
      '/api/mouvements/2001/export.csv?columns=police,libelleMouvement,taux,montant',
    );
    expect(movements.headers['content-disposition']).toBe('attachment; filename="mouvements-2001.csv"');
    expect(lines(movements.body)).toEqual([
      'Police;Type commission;Taux;Montant',
      'POL-1002;Escompte;10\u00a0%;100,00',
      'POL-1001;Linéaire;10,1\u00a0%;10,10',
    ]);
    const assures = await get(
      seeded.app,
      'courtier2',
      '/api/police-assures/export.csv?columns=idAssure,nomprenom',
    );
    expect(lines(assures.body)).toEqual(['Id assuré;Nom prénom', '3003;BERNARD Luc']);
  });

  it('exports rates and months as the screen shows them (core formatPercent, formatMonth)', async () => {
    const rates = ['0.12', '0.123456', '0.0005', '0.999999', '0', '0.101'];
    const ids = [1001, 1002, 1003, 1005];
    for (const round of [0, 1]) {
      for (const [i, id] of ids.entries()) {
        const k = (i + round * 2) % rates.length;
        await seeded.testDb.db.query('update police set taux_commission_annee1 = $1 where id_police = $2', [
          rates[k],
          id,
        ]);
      }
      const response = await get(
        seeded.app,
        'grossiste',
        '/api/police/export.csv?sort=idPolice&columns=idPolice,tauxCommissionAnnee1',
      );
      const rows = lines(response.body).slice(1);
      expect(rows).toEqual(
        ids.map((id, i) => `${id};${formatPercent(Number(rates[(i + round * 2) % rates.length]))}`),
      );
    }
    const statements = await get(seeded.app, 'courtier', '/api/commissions/export.csv?columns=mois');
    const shown = await seeded.testDb.db.query<{ mois: string }>(
      "select to_char(mois, 'YYYY-MM-DD') mois from commission where code_courtier_portail = 'C0001' order by mois desc",
    );
    expect(lines(statements.body).slice(1)).toEqual(shown.map((row) => formatMonth(row.mois)));
    expect(formatPercent(0.12)).toBe('12\u00a0%');
  });

  it('needs ROLE_EXPORT and validates parameters before streaming', async () => {
    expect((await get(seeded.app, 'portefeuille', '/api/police/export.csv')).statusCode).toBe(403);
    expect((await get(seeded.app, 'compta', '/api/commissions/export.csv')).statusCode).toBe(403);
    expect((await get(seeded.app, 'admin', '/api/police/export.csv')).statusCode).toBe(403);
    const bad = await get(seeded.app, 'courtier', '/api/police/export.csv?dateEffet.gte=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('dateEffet.gte');
  });

  it('streams many rows in batches', async () => {
    await seeded.testDb.db.exec(`insert into commission_mouvement (code_courtier_portail, id_bordereau, police, libelle_mouvement, montant)
      select 'C0001', 2002, 'BULK-' || g, 'Bulk', (g % 1000) / 100.0 from generate_series(1, 3000) g`);
    const response = await get(
      seeded.app,
      'courtier',
      '/api/mouvements/2002/export.csv?libelleMouvement.equals=Bulk&columns=police,montant&sort=id',
    );
    const all = lines(response.body);
    expect(all.length).toBe(3001);
    expect(all[1]).toBe('BULK-1;0,01');
    expect(all[3000]).toBe('BULK-3000;0,00');
  });
});
