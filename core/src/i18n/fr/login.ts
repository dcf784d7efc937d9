/** The sign-in modal (docs/product.md §2 "Account screens", §8 sign-in failure). */
export const login = {
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
};
