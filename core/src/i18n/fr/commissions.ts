/** Statement list, statement detail tabs, movement popup, entity alerts (docs/product.md §2, §8). */
export const commissions = {
  commission: {
    title: 'Vos bordereaux de commissions',
    summary: '{{count}} bordereaux - montant total versé à ce jour (hors prévisionnel) : {{amount}}',
    detail: {
      heading: 'Bordereau de commission de {{month}}',
      tabs: { summary: 'Votre bordereau', lines: 'Détail des commissions', client: 'Fiche Client' },
      info: 'Informations',
      recap: 'Récapitulatif',
      commission: 'Commission',
      amount: 'Montant',
      totalCommissions: 'Total commissions',
      soldePrecedent: 'Solde précédent',
      totalVersement: 'Total versement',
      backToList: 'Retour liste',
      downloadPdf: 'Télécharger PDF',
      showLines: 'Afficher détail',
      linesSummary_one: '{{count}} mouvement',
      linesSummary_other: '{{count}} mouvements',
      nom: 'Nom',
    },
    forecast: 'Prévisionnel',
    messages: { downloadError: 'Impossible de télécharger ce bordereau !' },
  },
  mouvements: {
    popupTitle: 'Détail Commission pour la police',
    summary: '{{count}} mouvement(s)',
  },
  extranetApp: {
    police: {
      created: 'Police {{param}} créée',
      updated: 'Police {{param}} modifiée',
      deleted: 'Police {{param}} supprimée',
    },
    policeAssure: {
      created: 'Assuré {{param}} créé',
      updated: 'Assuré {{param}} modifié',
      deleted: 'Assuré {{param}} supprimé',
    },
    commission: {
      created: 'Bordereau {{param}} créé',
      updated: 'Bordereau {{param}} modifié',
      deleted: 'Bordereau {{param}} supprimé',
    },
    commissionMouvement: {
      created: 'Mouvement {{param}} créé',
      updated: 'Mouvement {{param}} modifié',
      deleted: 'Mouvement {{param}} supprimé',
    },
  },
  entity: {
    validation: {
      required: 'Ce champ est obligatoire.',
      minlength: 'Ce champ doit comporter au moins {{min}} caractères.',
      maxlength: 'Ce champ ne peut pas dépasser {{max}} caractères.',
      patternLogin: 'Ce champ ne peut contenir que des lettres, des chiffres et des adresses e-mail.',
    },
    action: {
      save: 'Enregistrer',
      cancel: 'Annuler',
      delete: 'Supprimer',
      edit: 'Modifier',
      view: 'Voir',
      back: 'Retour',
    },
  },
};
