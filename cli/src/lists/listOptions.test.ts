import { LIST_SPECS } from '@extranet/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.ts';
import { createTranslator } from '../i18n/translate.ts';
import { toListQuery } from './listOptions.ts';

const t = createTranslator('en');
const defaults = LIST_SPECS.police;

describe('list options → core ListQuery', () => {
  it('parses the web filters: in lists, text ops, and gte/lte joined into one range', () => {
    const query = toListQuery(
      {
        filter: ['risque.in=Santé, Obsèques', 'nomprenom.contains=du', 'age.gte=30', 'age.lte=40'],
        preset: 'res',
        q: 'dupont',
        sort: ['dateEffet,desc', 'idPolice'],
        page: '3',
        size: '50',
      },
      defaults,
      t,
    );
    expect(query).toEqual({
      filters: {
        risque: { op: 'in', values: ['Santé', 'Obsèques'] },
        nomprenom: { op: 'contains', value: 'du' },
        age: { op: 'range', gte: '30', lte: '40' },
      },
      q: 'dupont',
      preset: 'RES',
      sort: [
        { field: 'dateEffet', dir: 'desc' },
        { field: 'idPolice', dir: 'asc' },
      ],
      page: 2,
      size: 50,
    });
  });

  it('defaults: first page, 20 rows, the web list’s sort; a preset imposes its own sort', () => {
    expect(toListQuery({}, defaults, t)).toEqual({
      filters: {},
      q: '',
      preset: null,
      sort: [{ field: 'dateCreation', dir: 'desc' }],
      page: 0,
      size: 20,
    });
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
