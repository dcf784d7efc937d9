/** Data protection (docs/security.md "Data protection"): the insured person's page and its cards. */
export const personalData = {
  personalData: {
    title: 'Données personnelles',
    intro:
      'Tout ce que l’extranet détient sur cette personne, pour répondre à une demande d’accès ou de portabilité. Chaque téléchargement est enregistré.',
    json: 'Télécharger (JSON)',
    pdf: 'Télécharger (PDF)',
    reveal: 'Afficher le numéro complet',
    revealed: 'Numéro de Secu complet : <nir>{{nir}}</nir>',
    revealNote: 'Chaque affichage du numéro complet est enregistré.',
    failed: 'La demande a échoué : {{message}}',
    accessLog: {
      title: 'Qui a consulté ce dossier',
      empty: 'Aucune consultation enregistrée.',
      at: 'Date',
      login: 'Utilisateur',
      kind: 'Action',
      from: 'Depuis',
      kinds: {
        detail: 'Consultation',
        nir_reveal: 'Numéro de Secu affiché',
        export: 'Export',
        personal_data_export: 'Données personnelles téléchargées',
        anonymise: 'Anonymisation',
      },
    },
    anonymise: {
      action: 'Anonymiser',
      force: 'Anonymiser malgré la conservation',
      done: 'Personne anonymisée le {{date}}.',
      retained: 'Les données du contrat sont conservées jusqu’au {{date}} : rien n’a été modifié.',
      running:
        'Le contrat est en cours : ses données sont conservées jusqu’à cinq ans après sa fin. Rien n’a été modifié.',
    },
  },
  error: {
    retentionRunning: 'Les données sont encore dans leur durée de conservation : rien n’a été modifié.',
    personalDataReads:
      'Vous avez ouvert trop de fiches d’assurés et de polices cette heure-ci : réessayez plus tard. Un administrateur en est averti.',
  },
};
