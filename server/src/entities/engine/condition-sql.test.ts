import { commissionDescriptor } from '@extranet/core/descriptors/commission.ts';
import type { Condition } from '@extranet/core/descriptors/condition.ts';
import { policyPresets } from '@extranet/core/descriptors/police.ts';
import { describe, expect, it } from 'vitest';
import { binder } from './binder.ts';
import { conditionSql, literal, totalSql } from './condition-sql.ts';

describe('conditions as SQL', () => {
  it('writes the presets as the partial indexes of migrations 0003, 0006 and 0009 spell them', () => {
    const sql = (c: Condition) => conditionSql(c, binder());
    expect(sql(policyPresets.NOF.where)).toBe('true');
    expect(sql(policyPresets.SEF.where)).toBe("motif_resil = 'Sans Effet'");
    expect(sql(policyPresets.RES.where)).toBe("motif_resil is not null and motif_resil <> 'Actif'");
    expect(sql(policyPresets.IMP.where)).toBe("statut_paiement = 'Impayé'");
    expect(sql(policyPresets.VIG.where)).toBe("statut = 'En cours'");
  });

  it('groups combinations, binds relative dates, quotes constants', () => {
    const bind = binder();
    const sql = conditionSql(
      {
        any: [
          {
            all: [
              { field: 'statut', op: 'eq', value: "l'an" },
              { field: 'dateResil', op: 'isNull' },
            ],
          },
          { not: { field: 'risque', op: 'in', values: ['AUTO', 'MRH'] } },
          { field: 'dateEffet', op: 'gte', value: { daysFromToday: -30 } },
        ],
      },
      bind,
    );
    expect(sql).toBe(
      "(statut = 'l''an' and date_resil is null) or not (risque in ('AUTO', 'MRH')) or date_effet >= current_date + $1::int",
    );
    expect(bind.params).toEqual([-30]);
    expect(() => conditionSql({ field: 'dateEffet', op: 'lt', value: { daysFromToday: 1 } })).toThrow(
      /bound/,
    );
    expect(() => literal(Number.NaN)).toThrow();
  });

  it('sums the total paid as numeric over every statement but forecasts', () => {
    expect(totalSql(commissionDescriptor.totals!.paid!)).toBe(
      "coalesce(sum(montant) filter (where type_bordereau is distinct from 'Prévisionnel'), 0)::numeric(16,2)::text",
    );
  });
});
