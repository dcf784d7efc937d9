/** The signed-in home: the timeline of policy events (docs/product.md §2 "Timeline"). */
export const timeline = {
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
};
