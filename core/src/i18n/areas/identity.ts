/** Two-factor sign-in and its settings. */
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
