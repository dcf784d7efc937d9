import { describe, expect, it } from 'vitest';
import { get, targets } from './harness.ts';
import { PDF_BYTES } from './seed.ts';
import { seededApp } from './seeded.ts';

describe.each(targets)('statements and timeline on $name', (target) => {
  const seeded = seededApp(target);

  it('lists statements by mois descending with the total paid excluding forecasts', async () => {
    const response = await get(seeded.app, 'courtier', '/api/commissions');
    expect(response.json().map((s: { idBordereau: number }) => s.idBordereau)).toEqual([2003, 2002, 2001]);
    // 100.10 + 200.20 is 300.29999999999995 in floats: the sum is done in SQL numeric.
    expect(response.headers['x-total-amount']).toBe('300.30');
    expect(response.headers['x-total-count']).toBe('3');
    const filtered = await get(seeded.app, 'courtier', '/api/commissions?mois.gte=2024-02-01');
    expect(filtered.headers['x-total-amount']).toBe('200.20');
    const none = await get(seeded.app, 'nocode', '/api/commissions');
    expect(none.headers['x-total-amount']).toBe('0.00');
    const admin = await get(seeded.app, 'admin', '/api/commissions?codeCourtierPortail.in=C0001,C0002');
    expect(admin.headers['x-total-amount']).toBe('600.30');
  });

  it("offers the statement list's courtier choices from the caller's own statements, every page's", async () => {
    const names = async (user: Parameters<typeof get>[1]) => {
      const response = await get(seeded.app, user, '/api/commissions/distinct/courtier');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { value: string }[]).map((choice) => choice.value);
    };
    expect(await names('admin')).toEqual(['Cabinet C0001', 'Cabinet C0002']);
    expect(await names('grossiste')).toEqual(['Cabinet C0001']);
    // Another broker's name never reaches a menu.
    expect(await names('courtier')).toEqual(['Cabinet C0001']);
    expect(await names('courtier2')).toEqual(['Cabinet C0002']);
    expect((await get(seeded.app, 'portefeuille', '/api/commissions/distinct/courtier')).statusCode).toBe(
      403,
    );
    expect((await get(seeded.app, 'admin', '/api/commissions/distinct/montant')).statusCode).toBe(400);
  });

  it('gives a statement detail and its recap lines by ordre', async () => {
    const detail = (await get(seeded.app, 'courtier', '/api/commissions/2001')).json();
    expect(detail).toMatchObject({ idBordereau: 2001, mois: '2024-01-01', montant: 100.1, nb: 2 });
    const recap = (await get(seeded.app, 'courtier', '/api/commissions/bordereau/2001')).json();
    expect(
      recap.map((line: { commission: string; montant: number }) => [line.commission, line.montant]),
    ).toEqual([
      ['Escompte', 110.1],
      ['Reprises', -10],
    ]);
  });

  it('streams the PDF with its file name', async () => {
    const response = await get(seeded.app, 'grossiste', '/api/commissions/download/2001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Bordereau janvier e.pdf"; filename*=UTF-8''Bordereau%20janvier%20%C3%A9.pdf`,
    );
    expect(response.rawPayload).toEqual(PDF_BYTES);
    const missing = await get(seeded.app, 'courtier', '/api/commissions/download/2002');
    expect(missing.statusCode).toBe(404);
  });

  it("lists a statement's lines with the default sort libelleMouvement, gamme, police and filters", async () => {
    const lines = (await get(seeded.app, 'courtier', '/api/mouvements/2001')).json();
    expect(lines.map((l: { libelleMouvement: string }) => l.libelleMouvement)).toEqual([
      'Escompte',
      'Linéaire',
    ]);
    expect(lines[1].taux).toBe(0.101);
    const filtered = (
      await get(seeded.app, 'courtier', '/api/mouvements/2001?nomprenom.startsWith=dup')
    ).json();
    expect(filtered.map((l: { police: string }) => l.police)).toEqual(['POL-1001']);
    const byPolicy = (await get(seeded.app, 'courtier', '/api/mouvements/police/1001')).json();
    expect(byPolicy.map((l: { idBordereau: number }) => l.idBordereau)).toEqual([2002, 2001]);
  });

  it('filters the timeline by type codes, newest id first', async () => {
    const all = (await get(seeded.app, 'courtier', '/api/timelines')).json();
    expect(all.map((e: { id: number }) => e.id)).toEqual([3, 2, 1]);
    expect(all[2]).toMatchObject({ typeMessage: 'AFN', time: '2024-01-10T08:30:00.000Z', idPolice: 1001 });
    const some = (await get(seeded.app, 'courtier', '/api/timelines?type=AFN,RSL')).json();
    expect(some.map((e: { typeMessage: string }) => e.typeMessage)).toEqual(['RSL', 'AFN']);
    const bad = await get(seeded.app, 'courtier', '/api/timelines?type=AFN,DROP');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('type');
    const history = (await get(seeded.app, 'courtier', '/api/police-event/1001')).json();
    expect(history.map((e: { typeMessage: string }) => e.typeMessage)).toEqual(['CRR', 'AFN']);
    const since = (await get(seeded.app, 'courtier', '/api/timelines?time.gte=2024-02-01T00:00:00Z')).json();
    expect(since.map((e: { id: number }) => e.id)).toEqual([3, 2]);
  });
});
