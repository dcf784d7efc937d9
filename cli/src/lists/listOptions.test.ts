import { LIST_SPECS, listParams, readAddress } from '@extranet/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.ts';
import { createTranslator } from '../i18n/translate.ts';
import { TERMINAL_PAGE_SIZE, toListQuery } from './listOptions.ts';

const t = createTranslator('en');
const defaults = LIST_SPECS.police;

describe('list options → core ListQuery', () => {
  it('reads --filter as the web address reads its filters, pages from 1, takes a preset in any case', () => {
    const filter = ['risque.in=Santé, Obsèques', 'nomprenom.contains=du', 'age.gte=30', 'age.lte=40'];
    const options = { filter, preset: 'res', q: 'dupont', sort: ['dateEffet,desc', 'idPolice'], page: '3' };
    // The same list as the web's address with the API's names (its pages count from 0).
    const address = new URLSearchParams(
      `${filter.join('&')}&preset=RES&q=dupont&sort=dateEffet,desc&sort=idPolice,asc&page=2&size=15`,
    );
    const { query } = readAddress(defaults, [...address], { defaultColumns: [], allowedColumns: [] });
    expect(toListQuery({ ...options, size: '15' }, defaults, t)).toEqual(query);
    expect(query.filters.age).toEqual({ op: 'range', gte: '30', lte: '40' });
    expect(query.page).toBe(2);
    // A size the web does not offer is the terminal's to choose.
    expect(toListQuery({ ...options, size: '50' }, defaults, t).size).toBe(50);
  });

  it('a blank --filter drops the field, as over a saved list that had it', () => {
    const query = toListQuery({ filter: ['statut.in=En cours', 'statut.in='] }, defaults, t);
    expect(listParams(query).filter(([key]) => key.startsWith('statut'))).toEqual([]);
  });

  it('defaults: the fresh web list with 20 rows a page; a preset imposes its own sort', () => {
    const fresh = readAddress(defaults, [], { defaultColumns: [], allowedColumns: [] }).query;
    expect(toListQuery({}, defaults, t)).toEqual({ ...fresh, size: TERMINAL_PAGE_SIZE });
    expect(fresh.size).not.toBe(TERMINAL_PAGE_SIZE);
    expect(toListQuery({ preset: 'SEF' }, defaults, t).sort).toEqual([
      { field: 'dateEnregistrementResil', dir: 'desc' },
    ]);
    expect(toListQuery({ preset: 'SEF', sort: ['police'] }, defaults, t).sort).toEqual([
      { field: 'police', dir: 'asc' },
    ]);
  });

  it.each([
    [{ filter: ['risque=Santé'] }, 'Invalid filter "risque=Santé"'],
    [{ filter: ['risque.like=x'] }, 'Invalid filter "risque.like=x"'],
    [{ filter: ['risque.in'] }, 'Invalid filter "risque.in"'],
    [{ sort: ['a,up'] }, 'Invalid sort "a,up"'],
    [{ page: '0' }, 'Invalid --page "0"'],
    [{ size: '5000' }, 'Invalid --size "5000"'],
    [{ preset: 'RESIL' }, 'Invalid preset "RESIL" for this list (NOF, SEF, RES, IMP, MED, NRS, VIG)'],
  ])('%j is a usage error (exit 2)', (opts, text) => {
    try {
      toListQuery(opts, defaults, t);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      expect((error as CliError).message).toContain(text);
    }
  });
});
