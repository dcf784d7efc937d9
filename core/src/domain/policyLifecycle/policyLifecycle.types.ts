/** Timeline event codes of docs/product.md §4, in the order of its list. */
export const timelineEventTypes = [
  'AFN',
  'RSL',
  'REV',
  'IMP',
  'MED',
  'CTX',
  'AAY',
  'RAY',
  'RRS',
  'CRR',
] as const;
export type TimelineEventType = (typeof timelineEventTypes)[number];

/** Payment statuses of docs/product.md §4, as the back office spells them. */
export const paymentStatuses = ['A jour', 'Impayé', 'Mis en demeure', 'Recouvrement'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What the lifecycle emits: the caller adds broker codes, policy fields and the time. */
export interface TimelineEventDraft {
  readonly typeMessage: TimelineEventType;
  readonly message: string;
  readonly idAssure?: string;
}

/** The policy fields that decide its lifecycle state (strings as in the spec, dates ISO). */
export type PolicyFacts = {
  readonly [field in PolicyFact]?: string | null;
};

type PolicyFact =
  | 'gamme'
  | 'formule'
  | 'dateEffet'
  | 'dateResil'
  | 'motifResil'
  | 'dateEnregistrementResil'
  | 'statutPaiement'
  | 'montantImpaye'
  | 'dateMiseEnDemeure'
  | 'cotisationTtc';

/** The insured-person fields that decide AAY/RAY. */
export interface InsuredFacts {
  readonly idAssure: string;
  readonly nomprenom?: string | null;
  readonly dateResil?: string | null;
}

/** A policy with its insured persons, as compared before and after an import. */
export interface PolicyWithInsured {
  readonly policy: PolicyFacts;
  readonly insured: readonly InsuredFacts[];
}

/** Reason meaning "not terminated" (docs/product.md §4). */
export const ACTIVE_REASON = 'Actif';
