/** Sessions (settings card, a user's in the administration) and the second factor's administration. */
export const sessions = {
  fr: {
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
  },
  en: {
    settings: {
      sessions: {
        title: 'Open sessions',
        help: 'Each sign-in is a session. Sign out the ones you do not recognise.',
        device: 'Device',
        address: 'Address',
        started: 'Started',
        lastUsed: 'Last used',
        current: 'This device',
        end: 'Sign out',
        endNamed: 'Sign out the session {{device}} ({{address}})',
        endOthers: 'Sign out all other sessions',
        ended: 'Session signed out.',
        othersEnded: 'The other sessions are signed out.',
        none: 'No other open session.',
        refresh: 'Refresh',
        retry: 'Try again',
      },
    },
    userManagement: {
      twoFactorReset: 'Two-factor sign-in of {{param}} reset',
      identity: {
        sessionsTitle: 'Open sessions',
        noSessions: 'No open session.',
        endAll: 'Sign out all their sessions',
        allEnded: 'Their sessions are signed out.',
        twoFactorTitle: 'Two-factor sign-in',
        enrolled: 'On since {{date}}; recovery codes left: {{left}}.',
        notEnrolled: 'Off.',
        required: 'Their role requires it: without it, they turn it on at their next sign-in.',
        reset: 'Reset two-factor sign-in',
        resetDone:
          'Reset: they sign in with their password alone, or turn it on again if their role requires it.',
      },
      twoFactorPolicy: {
        title: 'Required two-factor sign-in',
        help: 'Users of these roles must sign in with a second factor; those without one turn it on at their next sign-in.',
        save: 'Save',
        saved: 'Roles saved.',
      },
    },
  },
};
