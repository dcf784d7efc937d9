import type { TimelineEventType } from './policyLifecycle.types.ts';

/** dd/MM/yyyy from an ISO date (kept here so the lifecycle has no dependency on UI formatting). */
export const frDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** "1 234,56 €" from a decimal string such as "1234.56". */
export const frAmount = (decimal: string | null | undefined): string => {
  if (decimal == null || decimal === '') return '';
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = decimal.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${negative ? '-' : ''}${grouped},${frac.padEnd(2, '0').slice(0, 2)} €`;
};

type MessageArgs = Readonly<Record<string, string | null | undefined>>;

const templates: Record<TimelineEventType, (a: MessageArgs) => string> = {
  AFN: (a) => `Nouveau contrat validé : ${a.gamme ?? ''} ${a.formule ?? ''}, effet au ${frDate(a.dateEffet)}`,
  RSL: (a) => `Résiliation du contrat au ${frDate(a.dateResil)} (motif : ${a.motifResil ?? 'non précisé'})`,
  REV: () => 'Remise en vigueur du contrat',
  IMP: (a) => `Rejet de prélèvement : impayé de ${frAmount(a.montant)}`,
  MED: (a) => `Mise en demeure envoyée le ${frDate(a.date)} pour un impayé de ${frAmount(a.montant)}`,
  CTX: () => 'Dossier transmis au service contentieux pour recouvrement',
  AAY: (a) => `Ajout de l'assuré ${a.nomprenom ?? ''}`.trim(),
  RAY: (a) => `Retrait de l'assuré ${a.nomprenom ?? ''}`.trim(),
  RRS: () => 'Demande de résiliation refusée : le contrat reste en vigueur',
  CRR: (a) => `Lettre de renouvellement envoyée : cotisation ${frAmount(a.cotisationTtc)} TTC par mois`,
};

/** The French timeline message for an event type. */
export const lifecycleMessage = (type: TimelineEventType, args: MessageArgs = {}): string =>
  templates[type](args);
