/** Sessions (settings card, a user's in the administration) and the second factor's administration. */
export const sessions = {
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
};
