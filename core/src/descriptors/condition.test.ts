import { expect, describe as group, it } from 'vitest';
import { isForecast, isPaid } from '../domain/forecast.ts';
import { commissionDescriptor } from './commission.ts';
import { type Condition, conditionFields, matches } from './condition.ts';
import { describe } from './descriptor.ts';
import { policeDescriptor, policyPresets } from './police.ts';

const row = (fields: Record<string, unknown>) => fields;

group('conditions', () => {
  it("evaluate with SQL's meaning: a comparison with a null field fails, distinctFrom counts null as different", () => {
    const res = policyPresets.RES.where;
    expect(matches(res, row({ motifResil: 'Sans Effet' }))).toBe(true);
    expect(matches(res, row({ motifResil: 'Actif' }))).toBe(false);
    expect(matches(res, row({ motifResil: null }))).toBe(false);
    expect(matches({ field: 'motifResil', op: 'ne', value: 'Actif' }, row({ motifResil: null }))).toBe(false);
    expect(matches({ field: 'motifResil', op: 'distinctFrom', value: 'Actif' }, row({}))).toBe(true);
    expect(matches(policyPresets.NOF.where, row({}))).toBe(true);
    expect(matches({ any: [] }, row({}))).toBe(false);
    expect(matches({ not: policyPresets.VIG.where }, row({ statut: 'Terminé' }))).toBe(true);
    expect(matches({ field: 'risque', op: 'in', values: ['AUTO', 'MRH'] }, row({ risque: 'MRH' }))).toBe(
      true,
    );
  });

  it('date relative values from the day given, and refuse to guess it', () => {
    const recent: Condition = { field: 'dateEffet', op: 'gte', value: { daysFromToday: -30 } };
    expect(matches(recent, row({ dateEffet: '2026-09-20' }), '2026-10-20')).toBe(true);
    expect(matches(recent, row({ dateEffet: '2026-09-19' }), '2026-10-20')).toBe(false);
    expect(() => matches(recent, row({ dateEffet: '2026-09-20' }))).toThrow(/today/);
  });

  it('define "paid" once: every statement but a forecast, one without a type included', () => {
    const statements = [
      { typeBordereau: 'Prévisionnel' },
      { typeBordereau: 'Définitif' },
      { typeBordereau: null },
    ];
    expect(statements.map(isPaid)).toEqual([false, true, true]);
    expect(statements.map(isForecast)).toEqual([true, false, false]);
    expect(commissionDescriptor.totals?.paid?.where).toBeDefined();
    expect(statements.map((s) => matches(commissionDescriptor.totals!.paid!.where!, s))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('name the fields they read, and a descriptor refuses a rule on a field it lacks', () => {
    expect(conditionFields(policyPresets.RES.where)).toEqual(['motifResil']);
    expect(() =>
      describe({
        ...policeDescriptor,
        presets: { ...policeDescriptor.presets, BAD: { where: { field: 'nope', op: 'isNull' } } },
      }),
    ).toThrow(/nope is not one of its fields/);
    expect(() => describe({ ...commissionDescriptor, totals: { paid: { sum: 'montantX' } } })).toThrow(
      /montantX is not one of its fields/,
    );
  });
});
