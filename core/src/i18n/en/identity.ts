/** Two-factor sign-in and its settings; single sign-on. */
export const identity = {
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
};
