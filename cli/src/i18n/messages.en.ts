import type { fr } from './messages.fr.ts';

/** Texts of the terminal companion in English; the type forces the same keys as French. */
export const en: typeof fr = {
  cli: {
    description: 'The terminal companion of the broker extranet',
    options: {
      server: 'server URL (default: $EXTRANET_URL or http://localhost:8080/)',
      json: 'JSON output (stable shape, see docs/cli.md)',
      help: 'display help',
      version: 'display the version',
      username: 'login (asked for when missing)',
      passwordStdin: 'read the password from standard input (scripts)',
      remember: 'keep the session 30 days instead of one',
    },
    commands: {
      login: 'sign in and keep the token in the config directory',
      logout: 'sign out (delete the kept token)',
      whoami: 'show the signed-in account',
    },
    help: { examples: 'Examples:' },
    prompt: {
      title: 'Sign in to {{server}}',
      field: '{{label}}: ',
      hint: 'Enter to confirm, Esc to cancel',
      signingIn: 'Signing in…',
    },
    login: {
      done: 'Signed in as {{login}} on {{server}}.',
      cancelled: 'Sign-in cancelled.',
      needUsername: 'Missing login: use --username with --password-stdin, or run the command in a terminal.',
      emptyPassword: 'Empty password on standard input.',
      passwordStdinTty: '--password-stdin reads the password from a pipe, not a terminal.',
    },
    logout: { done: 'Signed out.', none: 'No session was open.' },
    whoami: {
      login: 'Login',
      name: 'Name',
      email: 'Email',
      langKey: 'Language',
      authorities: 'Roles',
      marque: 'Brand',
      codeCourtier: 'Broker code',
      server: 'Server',
    },
    errors: {
      notSignedIn: 'Not signed in to {{server}}: run "extranet login".',
      sessionExpired: 'Session expired or refused by {{server}}: run "extranet login".',
      forbidden: 'Access denied: your account lacks the required role.',
      unreachable: 'Server not reachable ({{server}}): check --server or EXTRANET_URL.',
      badServer: 'Invalid server URL: {{value}}',
      unexpected: 'Unexpected error: {{text}}',
      usage: '{{text}} (see "extranet --help")',
    },
  },
};
