import { describe, expect, it } from 'vitest';
import { savedOptions } from './savedList.ts';

describe('a saved list as list options', () => {
  it('gives its filters as --filter, its search, preset, sort and a size the terminal allows', () => {
    expect(
      savedOptions(
        'statut.in=En+cours%2CR%C3%A9sili%C3%A9&q=dupont&preset=VIG&sort=nomprenom%2Cdesc&size=25',
      ),
    ).toEqual({
      filter: ['statut.in=En cours,Résilié'],
      q: 'dupont',
      preset: 'VIG',
      sort: ['nomprenom,desc'],
      size: '25',
    });
  });

  it("leaves out the web's columns and page, and a page size past the terminal's 1000", () => {
    expect(savedOptions('columns=police%2Cnomprenom&size=10000&page=3&age.gte=60&age.lte=70')).toEqual({
      filter: ['age.gte=60', 'age.lte=70'],
    });
    expect(savedOptions('')).toEqual({});
  });
});
