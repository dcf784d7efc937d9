/** Two-factor sign-in and its settings; single sign-on. */
export const identity = {
  login: {
    messages: {
      error: {
        codeRequired: 'Saisissez le code de votre application d’authentification.',
        enrolmentRequired: 'Votre rôle exige une double authentification : activez-la pour continuer.',
        invalidCode: '<strong>Code refusé.</strong> Il est faux, expiré ou a déjà servi.',
        enrolmentExpired: 'L’activation a expiré ou n’est pas valide : recommencez.',
      },
    },
    sso: {
      button: 'Se connecter avec {{provider}}',
      or: 'ou',
      title: 'Connexion par l’annuaire',
      finishing: 'Connexion en cours…',
      error: {
        'invalid-state':
          '<strong>Connexion refusée.</strong> La demande est inconnue, a déjà servi ou a été commencée dans un autre navigateur : recommencez.',
        expired: '<strong>Connexion refusée.</strong> La demande a expiré : recommencez.',
        'provider-error': '<strong>Connexion annulée</strong> par le fournisseur d’identité.',
        'code-rejected':
          '<strong>Connexion refusée.</strong> Le fournisseur d’identité n’a pas accepté le code (déjà utilisé ou expiré) : recommencez.',
        'invalid-id-token':
          '<strong>Connexion refusée.</strong> La réponse du fournisseur d’identité n’a pas pu être vérifiée.',
        'provider-unavailable': 'Le fournisseur d’identité ne répond pas : réessayez plus tard.',
        'unknown-user':
          '<strong>Aucun compte</strong> ne correspond à votre identité : demandez à votre administrateur de vous en créer un.',
        deactivated: '<strong>Votre compte est désactivé.</strong> Contactez votre administrateur.',
        'invalid-handoff':
          '<strong>Connexion refusée.</strong> Le lien de retour a déjà servi ou a expiré : recommencez.',
      },
    },
    twoFactor: {
      code: 'Code à 6 chiffres ou code de secours',
      codeHelp: 'Ouvrez votre application d’authentification et saisissez le code affiché.',
      enrolTitle: 'Activer la double authentification',
      enrolHelp:
        'Scannez ce QR code avec une application d’authentification (FreeOTP, Google Authenticator, Microsoft Authenticator…), puis saisissez le code qu’elle affiche.',
      secret: 'Clé à saisir à la main : {{secret}}',
      qrAlt: 'QR code de la clé de double authentification',
      verify: 'Valider',
      recoveryTitle: 'Codes de secours',
      recoveryHelp:
        'Chaque code permet une connexion si vous n’avez plus votre téléphone, une seule fois. Notez-les maintenant : ils ne seront plus affichés.',
      recoveryDone: 'Je les ai notés, continuer',
    },
  },
  settings: {
    twoFactor: {
      title: 'Double authentification',
      on: 'Activée depuis le {{date}}. Codes de secours restants : {{left}}.',
      off: 'Désactivée : un mot de passe suffit pour vous connecter.',
      required: 'Votre rôle l’exige.',
      enable: 'Activer',
      disable: 'Désactiver',
      disableHelp: 'Saisissez un code actuel pour désactiver la double authentification.',
      cancel: 'Annuler',
      retry: 'Réessayer',
      enabled: 'Double authentification activée.',
      disabled: 'Double authentification désactivée.',
      alreadyOn: 'La double authentification est déjà activée.',
      requiredByRole: 'Votre rôle exige la double authentification : elle ne peut pas être désactivée.',
    },
  },
};
