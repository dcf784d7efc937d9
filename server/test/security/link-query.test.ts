/**
 * Found by the last attack: the `Link` header dropped the filters and the sort, so `next` of a
 * filtered, sorted list gave the next page of the unfiltered list in the default order. Each
 * link now keeps the request's other parameters (JHipster 5+ builds them from the request).
 */

import { parseLinkHeader } from '@extranet/core/api/pagingParams.ts';
import { describe, expect, it } from 'vitest';
import { get, targets } from '../entities/harness.ts';
import { seededApp } from '../entities/seeded.ts';

const ids = (body: string) => (JSON.parse(body) as { idPolice: number }[]).map((row) => row.idPolice);

/** The `rel` link's URL, as the header gives it. */
const linkOf = (header: string | undefined, rel: string) =>
  new RegExp(`<([^>]*)>; rel="${rel}"`).exec(header ?? '')?.[1];

describe.each(targets)('Link headers keep the query on $name', (target) => {
  const seeded = seededApp(target);

  it('following next, prev, last and first of a filtered, sorted list stays on that list', async () => {
    // ageAdherent ≥ 50, by idPolice descending: 1005, 1003 | 1002 (the unfiltered default order is 1004, 1002, …).
    const first = await get(seeded.app, 'admin', '/api/police?ageAdherent.gte=50&sort=idPolice,desc&size=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(ids(first.body)).toEqual([1005, 1003]);
    const next = linkOf(first.headers.link as string, 'next');
    expect(next).toBe('/api/police?page=1&size=2&ageAdherent.gte=50&sort=idPolice%2Cdesc');
    const second = await get(seeded.app, 'admin', next!);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-total-count']).toBe('3');
    expect(ids(second.body)).toEqual([1002]);
    // The header still parses into page numbers (the client splits it on `,`).
    expect(parseLinkHeader(second.headers.link as string)).toEqual({ prev: 0, last: 1, first: 0 });
    for (const rel of ['prev', 'first']) {
      const back = await get(seeded.app, 'admin', linkOf(second.headers.link as string, rel)!);
      expect(ids(back.body)).toEqual([1005, 1003]);
    }
    const last = await get(seeded.app, 'admin', linkOf(first.headers.link as string, 'last')!);
    expect(ids(last.body)).toEqual([1002]);
  });

  it('keeps a search and a repeated filter value, and no page or size of the request twice', async () => {
    const response = await get(
      seeded.app,
      'admin',
      '/api/police?size=1&idPolice.in=1003,1005&page=0&sort=idPolice,asc&sort=dateCreation',
    );
    const next = linkOf(response.headers.link as string, 'next')!;
    expect(next).toBe(
      '/api/police?page=1&size=1&idPolice.in=1003%2C1005&sort=idPolice%2Casc&sort=dateCreation',
    );
    expect(ids((await get(seeded.app, 'admin', next)).body)).toEqual([1005]);
  });
});
