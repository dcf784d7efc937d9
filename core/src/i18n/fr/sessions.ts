/** Sessions (settings card, a user's in the administration) and the second factor's administration. */
export const sessions = {
  settings: {
    sessions: {
      title: 'Sessions ouvertes',
      help: 'Chaque connexion est une session. Déconnectez celles que vous ne reconnaissez pas.',
      device: 'Appareil',
      address: 'Adresse',
      started: 'Ouverte le',
      lastUsed: 'Dernière activité',
      current: 'Cet appareil',
      end: 'Déconnecter',
      endNamed: 'Déconnecter la session {{device}} ({{address}})',
      endOthers: 'Déconnecter toutes les autres sessions',
      ended: 'Session déconnectée.',
      othersEnded: 'Les autres sessions sont déconnectées.',
      none: 'Aucune autre session ouverte.',
      refresh: 'Actualiser',
      retry: 'Réessayer',
    },
  },
  userManagement: {
    twoFactorReset: 'Double authentification de {{param}} réinitialisée',
    identity: {
      sessionsTitle: 'Sessions ouvertes',
      noSessions: 'Aucune session ouverte.',
      endAll: 'Déconnecter toutes ses sessions',
      allEnded: 'Ses sessions sont déconnectées.',
      twoFactorTitle: 'Double authentification',
      enrolled: 'Activée depuis le {{date}} ; codes de secours restants : {{left}}.',
      notEnrolled: 'Non activée.',
      required: 'Son rôle l’exige : sans elle, il devra l’activer à sa prochaine connexion.',
      reset: 'Réinitialiser la double authentification',
      resetDone:
        'Réinitialisée : il se connectera avec son seul mot de passe, ou l’activera de nouveau si son rôle l’exige.',
    },
    twoFactorPolicy: {
      title: 'Double authentification obligatoire',
      help: 'Les utilisateurs de ces rôles doivent se connecter avec un second facteur ; ceux qui ne l’ont pas l’activent à leur prochaine connexion.',
      save: 'Enregistrer',
      saved: 'Rôles enregistrés.',
    },
  },
};
