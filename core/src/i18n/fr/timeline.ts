/** The signed-in home: the timeline of policy events (docs/product.md §2 "Timeline"). */
export const timeline = {
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
};
