/** Texts of the terminal companion in French (the default); keys mirror messages.en.ts. */
export const fr = {
  cli: {
    description: 'Le compagnon en ligne de commande de l’extranet courtiers',
    options: {
      server: 'URL du serveur (défaut : $EXTRANET_URL ou http://localhost:8080/)',
      json: 'sortie JSON (forme stable, voir docs/cli.md)',
      help: 'affiche l’aide',
      version: 'affiche la version',
      username: 'identifiant (sinon demandé)',
      passwordStdin: 'lit le mot de passe sur l’entrée standard (scripts)',
      remember: 'garde la session 30 jours au lieu d’un',
    },
    commands: {
      login: 'ouvre une session et garde le jeton dans le dossier de configuration',
      logout: 'ferme la session (efface le jeton gardé)',
      whoami: 'affiche le compte connecté',
    },
    help: { examples: 'Exemples :' },
    prompt: {
      title: 'Connexion à {{server}}',
      field: '{{label}} : ',
      hint: 'Entrée pour valider, Échap pour annuler',
      signingIn: 'Connexion en cours…',
    },
    login: {
      done: 'Connecté en tant que {{login}} sur {{server}}.',
      cancelled: 'Connexion annulée.',
      needUsername:
        'Identifiant manquant : utilisez --username avec --password-stdin, ou lancez la commande dans un terminal.',
      emptyPassword: 'Mot de passe vide sur l’entrée standard.',
      passwordStdinTty: '--password-stdin attend le mot de passe d’un tube, pas d’un terminal.',
    },
    logout: { done: 'Session fermée.', none: 'Aucune session ouverte.' },
    whoami: {
      login: 'Identifiant',
      name: 'Nom',
      email: 'Courriel',
      langKey: 'Langue',
      authorities: 'Rôles',
      marque: 'Marque',
      codeCourtier: 'Code courtier',
      server: 'Serveur',
    },
    errors: {
      notSignedIn: 'Non connecté à {{server}} : lancez « extranet login ».',
      sessionExpired: 'Session expirée ou refusée par {{server}} : lancez « extranet login ».',
      forbidden: 'Accès refusé : votre compte n’a pas le rôle nécessaire.',
      unreachable: 'Serveur injoignable ({{server}}) : vérifiez --server ou EXTRANET_URL.',
      badServer: 'URL de serveur invalide : {{value}}',
      unexpected: 'Erreur inattendue : {{text}}',
      usage: '{{text}} (voir « extranet --help »)',
    },
  },
};
