/** Two-factor sign-in and its settings; single sign-on. */
export const identity = {
  fr: {
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
  },
  en: {
    login: {
      messages: {
        error: {
          codeRequired: 'Enter the code from your authenticator app.',
          enrolmentRequired: 'Your role requires two-factor sign-in: turn it on to continue.',
          invalidCode: '<strong>Code refused.</strong> It is wrong, expired or already used.',
          enrolmentExpired: 'The enrolment expired or is not valid: start again.',
        },
      },
      sso: {
        button: 'Sign in with {{provider}}',
        or: 'or',
        title: 'Sign-in through the directory',
        finishing: 'Signing in…',
        error: {
          'invalid-state':
            '<strong>Sign-in refused.</strong> The request is unknown, already used or was begun in another browser: start again.',
          expired: '<strong>Sign-in refused.</strong> The request expired: start again.',
          'provider-error': '<strong>Sign-in cancelled</strong> by the identity provider.',
          'code-rejected':
            '<strong>Sign-in refused.</strong> The identity provider did not accept the code (already used or expired): start again.',
          'invalid-id-token':
            '<strong>Sign-in refused.</strong> The identity provider’s answer could not be verified.',
          'provider-unavailable': 'The identity provider does not answer: try again later.',
          'unknown-user':
            '<strong>No account</strong> matches your identity: ask your administrator to create one.',
          deactivated: '<strong>Your account is deactivated.</strong> Contact your administrator.',
          'invalid-handoff':
            '<strong>Sign-in refused.</strong> The return link was already used or expired: start again.',
        },
      },
      twoFactor: {
        code: '6-digit code or recovery code',
        codeHelp: 'Open your authenticator app and enter the code it shows.',
        enrolTitle: 'Turn on two-factor sign-in',
        enrolHelp:
          'Scan this QR code with an authenticator app (FreeOTP, Google Authenticator, Microsoft Authenticator…), then enter the code it shows.',
        secret: 'Key to type by hand: {{secret}}',
        qrAlt: 'QR code of the two-factor key',
        verify: 'Verify',
        recoveryTitle: 'Recovery codes',
        recoveryHelp:
          'Each code signs you in once if you no longer have your phone. Write them down now: they will not be shown again.',
        recoveryDone: 'I have written them down, continue',
      },
    },
    settings: {
      twoFactor: {
        title: 'Two-factor sign-in',
        on: 'On since {{date}}. Recovery codes left: {{left}}.',
        off: 'Off: a password is enough to sign in.',
        required: 'Your role requires it.',
        enable: 'Turn on',
        disable: 'Turn off',
        disableHelp: 'Enter a current code to turn two-factor sign-in off.',
        cancel: 'Cancel',
        retry: 'Try again',
        enabled: 'Two-factor sign-in is on.',
        disabled: 'Two-factor sign-in is off.',
        alreadyOn: 'Two-factor sign-in is already on.',
        requiredByRole: 'Your role requires two-factor sign-in: it cannot be turned off.',
      },
    },
  },
};
