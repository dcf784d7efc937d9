/** Reconciliation (docs/reconciliation.md): the anomaly list's fields and each rule's name. */
export const reconciliation = {
  fields: {
    regle: 'Règle',
    idMouvement: 'Id mouvement',
    montantEnJeu: 'Montant en jeu',
    explication: 'Explication',
    explanation: 'Explication (anglais)',
  },
  anomalies: {
    card: {
      summary_zero: 'Aucune anomalie',
      summary_one: '{{count}} anomalie, {{amount}} en jeu',
      summary_other: '{{count}} anomalies, {{amount}} en jeu',
      none: 'Les bordereaux correspondent aux commissions attendues.',
      rule: 'Règle',
      police: 'Police',
      why: 'Explication',
      amount: 'Montant en jeu',
    },
    title: 'À vérifier',
    list: {
      statement: 'Bordereau (id)',
      all: 'Voir toutes les anomalies',
      policy: 'Voir la police',
      statementLink: 'Voir le bordereau',
      back: 'Retour',
    },
    mark_one: '{{count}} anomalie',
    mark_other: '{{count}} anomalies',
    markOf: 'Anomalies de la police {{police}}',
    rules: {
      CLAWBACK_WITHOUT_TERMINATION: 'Reprise sans résiliation',
      CLAWBACK_DUPLICATE: 'Reprise appliquée deux fois',
      CLAWBACK_AFTER_REINSTATEMENT: 'Reprise après remise en vigueur',
      COMMISSION_NOT_PAID: 'Commission attendue non versée',
      RATE_MISMATCH: 'Taux différent du contrat',
      PAID_AFTER_TERMINATION: 'Commission après résiliation',
    },
  },
};
