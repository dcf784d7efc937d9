/** The signed-in home: the timeline of policy events (docs/product.md §2 "Timeline"). */
export const timeline = {
  fr: {
    timeline: {
      title: 'Tableau de bord',
      quickAccess: 'Accès rapide :',
      portefeuille: 'Votre portefeuille',
      assures: 'Vos assurés',
      bordereaux: 'Vos bordereaux',
      recentEvents: 'Événements récents',
      filter: 'Filtrer',
      account: 'Connecté en tant que {{login}}',
      marque: 'Marque : {{marque}}',
    },
  },
  en: {
    timeline: {
      title: 'Dashboard',
      quickAccess: 'Quick access:',
      portefeuille: 'Your portfolio',
      assures: 'Your insured persons',
      bordereaux: 'Your statements',
      recentEvents: 'Recent events',
      filter: 'Filter',
      account: 'Signed in as {{login}}',
      marque: 'Brand: {{marque}}',
    },
  },
};
