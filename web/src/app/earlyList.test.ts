import { CONTRACT } from '@extranet/core';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGES, firstPageUrl } from './earlyList.ts';

const base = 'http://localhost/extranet/';

describe('firstPageUrl', () => {
  it("a portfolio list's bare address asks for its first page in the list's default order", () => {
    expect(firstPageUrl(base, '/police', '')).toBe(
      'http://localhost/extranet/api/police?page=0&size=10&sort=dateCreation%2Cdesc',
    );
    expect(firstPageUrl(base, '/police-assure', '')).toMatch(
      /^http:\/\/localhost\/extranet\/api\/police-assures\?page=0&/,
    );
  });

  it("the address's filters, search, preset, page and size are the request's; other keys are not", () => {
    const url = new URL(
      firstPageUrl(base, '/police', 'statut.in=EN%20COURS,SUSPENDU&q=dup&preset=NOF&page=2&size=20&fiche=7')!,
    );
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['size', '20'],
      ['statut.in', 'EN COURS,SUSPENDU'],
      ['q', 'dup'],
      ['preset', 'NOF'],
      ...[...url.searchParams].filter(([key]) => key === 'sort'),
    ]);
  });

  it("the paths are the contract's list endpoints", () => {
    expect(FIRST_PAGES).toEqual({
      police: CONTRACT.policies.list.path,
      assures: CONTRACT.insuredPersons.list.path,
    });
  });

  it('another screen, or a path under a list, asks for nothing', () => {
    expect(firstPageUrl(base, '/', '')).toBeUndefined();
    expect(firstPageUrl(base, '/commission', '')).toBeUndefined();
    expect(firstPageUrl(base, '/police/12', '')).toBeUndefined();
  });
});
