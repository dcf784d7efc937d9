/**
 * The reconciliation anomalies (docs/reconciliation.md): each rule's code and the sentence that
 * explains one occurrence, in French and English. The server fills the placeholders when it
 * detects them ({police}, {periode}, {montant}, {taux}, {tauxContrat}, {dateResil}, {mois}).
 */

/** Rule codes; the first two are the two forms of "an unfounded clawback". */
export const ANOMALY_RULES = [
  'CLAWBACK_WITHOUT_TERMINATION',
  'CLAWBACK_DUPLICATE',
  'CLAWBACK_AFTER_REINSTATEMENT',
  'COMMISSION_NOT_PAID',
  'RATE_MISMATCH',
  'PAID_AFTER_TERMINATION',
] as const;
export type AnomalyRule = (typeof ANOMALY_RULES)[number];

export interface Explanation {
  readonly fr: string;
  readonly en: string;
}

/** One sentence per rule, with placeholders the detection fills from the line and the policy. */
export const ANOMALY_EXPLANATIONS: Readonly<Record<AnomalyRule, Explanation>> = {
  CLAWBACK_WITHOUT_TERMINATION: {
    fr: 'Reprise de {montant} € sur la police {police} (période du {periode}) alors qu’aucune résiliation n’est enregistrée pour elle.',
    en: 'Clawback of €{montant} on policy {police} (period {periode}) although no termination is recorded for it.',
  },
  CLAWBACK_DUPLICATE: {
    fr: 'Reprise de {montant} € sur la police {police} appliquée une seconde fois pour la même période ({periode}).',
    en: 'Clawback of €{montant} on policy {police} applied a second time for the same period ({periode}).',
  },
  CLAWBACK_AFTER_REINSTATEMENT: {
    fr: 'Reprise de {montant} € sur la police {police} maintenue alors que le contrat a été remis en vigueur, sans annulation.',
    en: 'Clawback of €{montant} on policy {police} still standing after the contract was reinstated, with no reversal.',
  },
  COMMISSION_NOT_PAID: {
    fr: 'Commission attendue pour la police {police} (période du {periode}), due au bordereau de {mois}, non versée.',
    en: 'Commission expected for policy {police} (period {periode}), due on the {mois} statement, not paid.',
  },
  RATE_MISMATCH: {
    fr: 'Ligne de la police {police} au taux de {taux} % alors que le contrat prévoit {tauxContrat} % : écart de {montant} €.',
    en: 'Line of policy {police} at a {taux}% rate where the contract says {tauxContrat}%: €{montant} apart.',
  },
  PAID_AFTER_TERMINATION: {
    fr: 'Commission de {montant} € versée pour la période du {periode} alors que la police {police} est résiliée depuis le {dateResil}.',
    en: 'Commission of €{montant} paid for the period {periode} although policy {police} was terminated on {dateResil}.',
  },
};
