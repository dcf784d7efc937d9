import { describe, expect, it } from 'vitest';
import { get, targets } from './harness.ts';
import { seededApp } from './seeded.ts';

const ids = (body: string) => (JSON.parse(body) as { idPolice: number }[]).map((row) => row.idPolice);

describe.each(targets)('police list on $name', (target) => {
  const seeded = seededApp(target);

  const list = async (query: string, user: Parameters<typeof get>[1] = 'admin') => {
    const response = await get(seeded.app, user, `/api/police${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ids(response.body);
  };

  it('pages with X-Total-Count and the exact JHipster Link header, default sort dateCreation desc', async () => {
    const response = await get(seeded.app, 'admin', '/api/police?page=1&size=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.headers.link).toBe(
      '</api/police?page=2&size=2>; rel="next",</api/police?page=0&size=2>; rel="prev",' +
        '</api/police?page=2&size=2>; rel="last",</api/police?page=0&size=2>; rel="first"',
    );
    // 1004 (2022), 1002 (2021) | 1001 (2020), 1003 (2019) | 1005 (2018)
    expect(ids(response.body)).toEqual([1001, 1003]);
    expect(await list('')).toEqual([1004, 1002, 1001, 1003, 1005]);
  });

  it('answers an empty page past the end with the total and no next link', async () => {
    const response = await get(seeded.app, 'admin', '/api/police?page=9&size=2');
    expect(JSON.parse(response.body)).toEqual([]);
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.headers.link).not.toContain('rel="next"');
  });

  it('applies every operator', async () => {
    expect(await list('?nomprenom.equals=DUPONT%20Jean')).toEqual([1001]);
    expect(await list('?risque.in=Obs%C3%A8ques,D%C3%A9c%C3%A8s&sort=idPolice,asc')).toEqual([1002, 1005]);
    expect(await list('?formule.contains=essentiel&sort=idPolice')).toEqual([1002, 1003]);
    expect(await list('?nomprenom.startsWith=du&sort=idPolice')).toEqual([1001, 1003]);
    expect(await list('?cp.startsWith=750&sort=idPolice')).toEqual([1001, 1003]);
    expect(await list('?ageAdherent.gte=50&sort=idPolice')).toEqual([1002, 1003, 1005]);
    expect(await list('?ageAdherent.gt=50&sort=idPolice')).toEqual([1002, 1005]);
    expect(await list('?ageAdherent.lte=40&sort=idPolice')).toEqual([1001, 1004]);
    expect(await list('?ageAdherent.lt=40')).toEqual([1004]);
    expect(await list('?dateCreation.gte=2020-01-15&dateCreation.lte=2021-06-01&sort=idPolice')).toEqual([
      1001, 1002,
    ]);
    expect(await list('?dateCreation.gt=2020-01-15&dateCreation.lt=2022-02-02')).toEqual([1002]);
    expect(await list('?cotisationTtc.equals=100.1')).toEqual([1001]);
    expect(await list('?idPolice.in=1003,1005&sort=idPolice,desc')).toEqual([1005, 1003]);
  });

  it('treats LIKE wildcards and quotes in values as plain characters', async () => {
    expect(await list('?nomprenom.contains=100%25_')).toEqual([1005]);
    expect(await list('?nomprenom.contains=%25')).toEqual([1005]);
    expect(await list('?nomprenom.contains=_')).toEqual([1005]);
    expect(await list("?nomprenom.startsWith=O'NEIL")).toEqual([1005]);
    expect(await list("?nomprenom.equals=x'%20or%20'1'='1")).toEqual([]);
    expect(await list('?q=%27%3B%20drop%20table%20police%3B--')).toEqual([]);
    expect(await list('?sort=idPolice')).toEqual([1001, 1002, 1003, 1004, 1005]);
  });

  it('applies the presets of docs/product.md §4, SEF with its own sort', async () => {
    expect(await list('?preset=NOF&sort=idPolice')).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(await list('?preset=SEF')).toEqual([1002]);
    expect(await list('?preset=RES&sort=idPolice')).toEqual([1002, 1003]);
    expect(await list('?preset=IMP')).toEqual([1002]);
    expect(await list('?preset=MED')).toEqual([1003]);
    expect(await list('?preset=NRS&sort=idPolice')).toEqual([1001, 1004, 1005]);
    expect(await list('?preset=VIG&sort=idPolice')).toEqual([1001, 1004]);
    expect(await list('?preset=vig&nomprenom.startsWith=B')).toEqual([1004]);
  });

  it('sorts SEF by dateEnregistrementResil descending unless a sort is given', async () => {
    await seeded.testDb.db.query(
      "update police set motif_resil = 'Sans Effet', date_enregistrement_resil = '2023-01-01' where id_police = 1004",
    );
    try {
      expect(await list('?preset=SEF')).toEqual([1004, 1002]);
      expect(await list('?preset=SEF&sort=dateEnregistrementResil,asc')).toEqual([1002, 1004]);
    } finally {
      await seeded.testDb.db.query(
        "update police set motif_resil = 'Actif', date_enregistrement_resil = null where id_police = 1004",
      );
    }
  });

  it('searches q as a case-insensitive contains over the text columns', async () => {
    // ville is a contact column: searched only for ROLE_COORD (courtier), like it is shown.
    expect(await list('?q=lyon', 'courtier')).toEqual([1002]);
    expect(await list('?q=lyon', 'courtier2')).toEqual([]);
    expect(await list('?q=POL-100&sort=idPolice')).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(await list('?q=dupont&risque.equals=Sant%C3%A9')).toEqual([1001]);
  });

  it('sorts on repeated whitelisted sort parameters', async () => {
    expect(await list('?sort=gamme,asc&sort=ageAdherent,desc')).toEqual([1003, 1001, 1004, 1002, 1005]);
    expect(await list('?sort=risque,gamme,desc&sort=idPolice')).toEqual([1001, 1003, 1004, 1002, 1005]);
  });

  it.each([
    ['?unknown.equals=1', 'unknown.equals', 'UnknownField'],
    ['?nomprenom.like=x', 'nomprenom.like', 'UnknownOperator'],
    ['?ageAdherent.contains=4', 'ageAdherent.contains', 'UnknownOperator'],
    ['?dateCreation.gte=2021-02-30', 'dateCreation.gte', 'InvalidValue'],
    ['?dateCreation.gte=15/01/2020', 'dateCreation.gte', 'InvalidValue'],
    ['?ageAdherent.equals=1;drop', 'ageAdherent.equals', 'InvalidValue'],
    ['?idPolice.in=1,x', 'idPolice.in', 'InvalidValue'],
    ['?size=-1', 'size', 'Min'],
    ['?size=0', 'size', 'Min'],
    ['?size=10001', 'size', 'Max'],
    ['?size=999999999999', 'size', 'Max'],
    ['?size=abc', 'size', 'InvalidValue'],
    ['?page=-1', 'page', 'Min'],
    ['?sort=password,asc', 'sort', 'UnknownField'],
    ['?sort=nomprenom;drop%20table%20police', 'sort', 'UnknownField'],
    ['?preset=XXX', 'preset', 'UnknownPreset'],
    ['?foo=bar', 'foo', 'UnknownParameter'],
  ])('answers 400 naming the field for %s', async (query, field, code) => {
    const response = await get(seeded.app, 'admin', `/api/police${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = JSON.parse(response.body);
    expect(problem.fieldErrors).toEqual([{ objectName: 'query', field, message: code }]);
    expect(problem.detail).toContain(field);
  });

  it('rejects filters, sorts and search fields the caller may not see', async () => {
    // courtier2 has no ROLE_COORD (contact) ; portefeuille has no ROLE_COMPTA (commission).
    for (const [user, query, field] of [
      ['courtier2', '?ville.equals=Paris', 'ville.equals'],
      ['courtier2', '?email.contains=a', 'email.contains'],
      ['portefeuille', '?commissionnement.in=Lin%C3%A9aire', 'commissionnement.in'],
      ['portefeuille', '?montantCommissionTotale.gte=0', 'montantCommissionTotale.gte'],
    ] as const) {
      const response = await get(seeded.app, user, `/api/police${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.parse(response.body).fieldErrors[0].field).toBe(field);
    }
    const sorted = await get(seeded.app, 'portefeuille', '/api/police?sort=montantCommissionTotale,desc');
    expect(sorted.statusCode).toBe(400);
    // The global search does not look into hidden contact columns: courtier2 cannot probe them.
    expect(await list('?q=Marseille', 'courtier')).toEqual([]);
    expect(await list('?q=Marseille', 'courtier2')).toEqual([]);
    expect(await list('?q=Marseille', 'admin')).toEqual([]);
  });

  it('sends money and rates as JSON numbers with the stored decimals', async () => {
    const response = await get(seeded.app, 'courtier', '/api/police/1001');
    const policy = JSON.parse(response.body);
    expect(policy.cotisationTtc).toBe(100.1);
    expect(policy.tauxCommissionAnnee1).toBe(0.125);
    expect(policy.dateCreation).toBe('2020-01-15');
    expect(policy.dateResil).toBeNull();
  });
});
