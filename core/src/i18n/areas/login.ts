/** The sign-in modal (docs/product.md §2 "Account screens", §8 sign-in failure). */
export const login = {
  fr: {
    login: {
      title: 'Connexion',
      form: {
        username: 'Identifiant',
        usernamePlaceholder: 'Votre identifiant',
        password: 'Mot de passe',
        passwordPlaceholder: 'Votre mot de passe',
        rememberme: 'Se souvenir de moi',
        button: 'Se connecter',
        cancel: 'Annuler',
      },
      messages: {
        error: {
          authentication: '<strong>Échec de la connexion !</strong> Vérifiez vos identifiants et réessayez.',
        },
        sessionEnded: 'Votre session a pris fin. Reconnectez-vous pour reprendre là où vous étiez.',
      },
      password: { forgot: 'Mot de passe oublié ?' },
      register: { prefix: 'Vous n’avez pas encore de compte ?', link: 'Créer un compte' },
    },
  },
  en: {
    login: {
      title: 'Sign in',
      form: {
        username: 'Login',
        usernamePlaceholder: 'Your login',
        password: 'Password',
        passwordPlaceholder: 'Your password',
        rememberme: 'Remember me',
        button: 'Sign in',
        cancel: 'Cancel',
      },
      messages: {
        error: {
          authentication: '<strong>Failed to sign in!</strong> Please check your credentials and try again.',
        },
        sessionEnded: 'Your session has ended. Sign in again to pick up where you were.',
      },
      password: { forgot: 'Did you forget your password?' },
      register: { prefix: 'You don’t have an account yet?', link: 'Register a new account' },
    },
  },
};
