/** Statement list, statement detail tabs, movement popup, entity alerts (docs/product.md §2, §8). */
export const commissions = {
  fr: {
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
        linesSummary: '{{count}} mouvements',
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
  },
  en: {
    commission: {
      title: 'Your commission statements',
      summary: '{{count}} statements - total paid to date (forecasts excluded): {{amount}}',
      detail: {
        heading: 'Commission statement of {{month}}',
        tabs: { summary: 'Your statement', lines: 'Commission details', client: 'Client sheet' },
        info: 'Information',
        recap: 'Summary',
        commission: 'Commission',
        amount: 'Amount',
        totalCommissions: 'Total commissions',
        soldePrecedent: 'Previous balance',
        totalVersement: 'Total payment',
        backToList: 'Back to list',
        downloadPdf: 'Download PDF',
        showLines: 'Show details',
        linesSummary: '{{count}} movements',
        nom: 'Name',
      },
      forecast: 'Forecast',
      messages: { downloadError: 'This statement could not be downloaded!' },
    },
    mouvements: {
      popupTitle: 'Commission details for the policy',
      summary: '{{count}} movement(s)',
    },
    extranetApp: {
      police: {
        created: 'Policy {{param}} created',
        updated: 'Policy {{param}} updated',
        deleted: 'Policy {{param}} deleted',
      },
      policeAssure: {
        created: 'Insured person {{param}} created',
        updated: 'Insured person {{param}} updated',
        deleted: 'Insured person {{param}} deleted',
      },
      commission: {
        created: 'Statement {{param}} created',
        updated: 'Statement {{param}} updated',
        deleted: 'Statement {{param}} deleted',
      },
      commissionMouvement: {
        created: 'Movement {{param}} created',
        updated: 'Movement {{param}} updated',
        deleted: 'Movement {{param}} deleted',
      },
    },
    entity: {
      validation: {
        required: 'This field is required.',
        minlength: 'This field is required to be at least {{min}} characters.',
        maxlength: 'This field cannot be longer than {{max}} characters.',
        patternLogin: 'This field can only contain letters, digits and e-mail addresses.',
      },
      action: { save: 'Save', cancel: 'Cancel', delete: 'Delete', edit: 'Edit', view: 'View', back: 'Back' },
    },
  },
};
