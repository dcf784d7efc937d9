/** Alerts (docs/insight.md "Alerts"): the settings card, the navbar's badge, the unsubscribe page. */
export const alerts = {
  alerts: {
    saved: 'Vos alertes sont enregistrées.',
    card: {
      title: 'Alertes',
      intro: 'Choisissez les événements de vos contrats qui vous alertent.',
      types: 'Types d’événements',
      digest: 'Recevoir chaque jour un récapitulatif par e-mail',
      save: 'Enregistrer les alertes',
      unread_one: '{{count}} événement non lu',
      unread_other: '{{count}} événements non lus',
      markRead: 'Marquer comme lu',
      defaults: 'Choix par défaut de votre profil : vous pouvez le modifier.',
    },
    badge: {
      label_zero: 'Alertes : aucun événement non lu',
      label_one: 'Alertes : {{count}} événement non lu',
      label_other: 'Alertes : {{count}} événements non lus',
      menu: 'Alertes',
    },
    unsubscribe: {
      title: 'Se désabonner du récapitulatif',
      question: 'Ne plus recevoir le récapitulatif quotidien des alertes envoyé à {{email}} ?',
      confirm: 'Me désabonner',
      done: 'C’est fait : {{email}} ne recevra plus le récapitulatif. Vous pouvez le réactiver dans vos paramètres.',
      already: '{{email}} ne reçoit pas le récapitulatif des alertes.',
      invalid: 'Ce lien de désabonnement n’est pas valide : il a été modifié ou le compte n’existe plus.',
    },
  },
};
