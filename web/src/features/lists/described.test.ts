import {
  COMMISSION_FLAGS,
  COMMISSION_MODES,
  DESCRIPTORS,
  LIST_SPECS,
  PAYMENT_STATUSES,
  POLICY_STATUSES,
  RISK_TYPES,
} from '@extranet/core';
import { describe, expect, it } from 'vitest';
import { filterWidgets, gridColumns } from './described.ts';

const PORTFOLIO = { authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE'] } as const;
const ACCOUNTANT = { authorities: ['ROLE_USER', 'ROLE_PORTEFEUILLE', 'ROLE_COMPTA'] } as const;
const panel = (kind: 'police' | 'assures' | 'mouvements', account: Parameters<typeof filterWidgets>[2]) =>
  filterWidgets(DESCRIPTORS[kind], LIST_SPECS[kind].filterFields, account).map(
    (w) => `${w.field}:${w.kind}${'options' in w && w.options ? ' of codes' : ''}`,
  );
const DATES = ['dateCreation', 'dateSignature', 'dateEffet', 'dateResil', 'dateEnregistrementResil'].map(
  (field) => `${field}:dates`,
);
const COMMON = [
  'courtier:choice',
  'codeApporteur:choice',
  'risque:choice of codes',
  'gamme:choice',
  'formule:text',
  'motifResil:choice',
  'statut:choice of codes',
  'nomprenom:text',
  'cp:text',
];

describe("the lists' filter panels, from the descriptors", () => {
  it("'Votre Portefeuille': the commission and payment filters for accountants only", () => {
    expect(panel('police', PORTFOLIO)).toEqual([...COMMON, 'ageAdherent:age', ...DATES]);
    expect(panel('police', ACCOUNTANT)).toEqual([
      ...COMMON,
      'ageAdherent:age',
      ...DATES,
      'commissionnement:choice of codes',
      'modeCommissionnement:choice of codes',
      'statutPaiement:choice of codes',
      'datePaiementCommissionAnnee1:dates',
      'dateRepriseCommissionAnnee1:dates',
      'dateDerniereCommission:dates',
    ]);
  });

  it("'Vos assurés': age, birth date and birth month (1 to 12)", () => {
    expect(panel('assures', ACCOUNTANT)).toEqual([
      ...COMMON,
      'age:age',
      'dateNaissance:dates',
      'moisNaissance:select of codes',
      ...DATES,
    ]);
  });

  it("a statement's lines", () => {
    expect(panel('mouvements', PORTFOLIO)).toEqual([
      'courtier:choice',
      'codeApporteur:choice',
      'risque:choice of codes',
      'gamme:choice',
      'libelleMouvement:choice',
      'nomprenom:text',
    ]);
  });

  it("offers each coded field's codes, and the birth months 1 to 12", () => {
    const options = (kind: 'police' | 'assures', field: string) => {
      const widget = filterWidgets(DESCRIPTORS[kind], LIST_SPECS[kind].filterFields, ACCOUNTANT).find(
        (w) => w.field === field,
      );
      return widget && 'options' in widget ? widget.options : undefined;
    };
    expect(options('police', 'risque')).toEqual(RISK_TYPES);
    expect(options('police', 'statut')).toEqual(POLICY_STATUSES);
    expect(options('police', 'statutPaiement')).toEqual(PAYMENT_STATUSES);
    expect(options('police', 'commissionnement')).toEqual(COMMISSION_FLAGS);
    expect(options('police', 'modeCommissionnement')).toEqual(COMMISSION_MODES);
    expect(options('assures', 'moisNaissance')).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
  });

  it('labels a filter by its own key where the column has another, and bounds the postal code', () => {
    const widgets = filterWidgets(DESCRIPTORS.police, LIST_SPECS.police.filterFields, PORTFOLIO);
    expect(widgets.find((w) => w.field === 'codeApporteur')?.labelKey).toBe('fields.apporteur');
    expect(widgets.find((w) => w.field === 'cp')).toMatchObject({ kind: 'text', maxLength: 5 });
    const lines = filterWidgets(DESCRIPTORS.mouvements, LIST_SPECS.mouvements.filterFields, PORTFOLIO);
    expect(lines.find((w) => w.field === 'nomprenom')?.labelKey).toBe('commission.detail.nom');
  });

  it('heads each grid column with its label key and sorts the sortable ones', () => {
    expect(gridColumns(DESCRIPTORS.police, ['risque', 'nomprenom'])).toEqual([
      { field: 'risque', labelKey: 'fields.risque', sortable: true },
      { field: 'nomprenom', labelKey: 'fields.nomprenom', sortable: true },
    ]);
  });
});
