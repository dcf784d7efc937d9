import type { reconciliation as fr } from '../fr/reconciliation.ts';

/** Reconciliation (docs/reconciliation.md): the anomaly list's fields and each rule's name. */
export const reconciliation: typeof fr = {
  fields: {
    regle: 'Rule',
    idMouvement: 'Line id',
    montantEnJeu: 'Amount at stake',
    explication: 'Explanation (French)',
    explanation: 'Explanation',
  },
  anomalies: {
    card: {
      summary_zero: 'No anomaly',
      summary_one: '{{count}} anomaly, {{amount}} at stake',
      summary_other: '{{count}} anomalies, {{amount}} at stake',
      none: 'The statements match the expected commissions.',
      rule: 'Rule',
      police: 'Policy',
      why: 'Explanation',
      amount: 'Amount at stake',
    },
    title: 'To check',
    list: {
      statement: 'Statement (id)',
      all: 'See every anomaly',
      policy: 'See the policy',
      statementLink: 'See the statement',
      back: 'Back',
    },
    mark_one: '{{count}} anomaly',
    mark_other: '{{count}} anomalies',
    markOf: 'Anomalies of policy {{police}}',
    rules: {
      CLAWBACK_WITHOUT_TERMINATION: 'Clawback without termination',
      CLAWBACK_DUPLICATE: 'Clawback applied twice',
      CLAWBACK_AFTER_REINSTATEMENT: 'Clawback after reinstatement',
      COMMISSION_NOT_PAID: 'Expected commission not paid',
      RATE_MISMATCH: 'Rate differs from the contract',
      PAID_AFTER_TERMINATION: 'Commission after termination',
    },
  },
};
