/** Account screens and their outcome messages (docs/product.md §2 "Account screens", §8). */
export const account = {
  register: {
    title: 'Création de compte',
    form: { button: 'Créer le compte' },
    signIn: 'Vous avez déjà un compte ? Connectez-vous',
    messages: {
      success: '<strong>Compte enregistré !</strong> Vérifiez vos e-mails pour le confirmer.',
      error: {
        fail: '<strong>L’inscription a échoué !</strong> Veuillez réessayer plus tard.',
        userexists: '<strong>Identifiant déjà utilisé !</strong> Veuillez en choisir un autre.',
        emailexists: '<strong>E-mail déjà utilisé !</strong> Veuillez en choisir un autre.',
      },
    },
  },
  activate: {
    title: 'Activation',
    messages: {
      success: '<strong>Votre compte a été activé.</strong> Vous pouvez ',
      signIn: 'vous connecter',
      error: '<strong>Votre compte n’a pas pu être activé.</strong> Utilisez le formulaire d’inscription.',
    },
  },
  password: {
    title: 'Mot de passe de [<strong>{{username}}</strong>]',
    form: { button: 'Enregistrer' },
    strength: 'Robustesse du mot de passe :',
    messages: {
      success: '<strong>Mot de passe modifié !</strong>',
      error: '<strong>Une erreur est survenue !</strong> Le mot de passe n’a pas pu être modifié.',
    },
  },
  reset: {
    request: {
      title: 'Réinitialiser votre mot de passe',
      form: { button: 'Réinitialiser' },
      messages: {
        info: 'Saisissez l’adresse e-mail de votre compte.',
        success: 'Consultez vos e-mails pour savoir comment réinitialiser votre mot de passe.',
        notfound: '<strong>Adresse e-mail inconnue !</strong> Vérifiez-la et réessayez.',
        error: '<strong>Une erreur est survenue !</strong> Veuillez réessayer plus tard.',
      },
    },
    finish: {
      title: 'Réinitialisation du mot de passe',
      form: { button: 'Réinitialiser le mot de passe' },
      messages: {
        info: 'Choisissez un nouveau mot de passe',
        success: '<strong>Votre mot de passe a été réinitialisé.</strong> Vous pouvez ',
        keymissing: 'La clé de réinitialisation est manquante.',
        error:
          'Votre mot de passe n’a pas pu être réinitialisé. Une demande de réinitialisation n’est valable que 24 heures.',
      },
    },
  },
  settings: {
    title: 'Paramètres de [<strong>{{username}}</strong>]',
    form: {
      firstname: 'Prénom',
      lastname: 'Nom',
      language: 'Langue',
      button: 'Enregistrer',
    },
    messages: {
      success: '<strong>Paramètres enregistrés !</strong>',
      error: '<strong>Une erreur est survenue !</strong> Les paramètres n’ont pas pu être enregistrés.',
      validate: {
        firstname: {
          required: 'Votre prénom est obligatoire.',
          minlength: 'Votre prénom doit comporter au moins 1 caractère.',
          maxlength: 'Votre prénom ne peut pas dépasser 50 caractères.',
        },
        lastname: {
          required: 'Votre nom est obligatoire.',
          minlength: 'Votre nom doit comporter au moins 1 caractère.',
          maxlength: 'Votre nom ne peut pas dépasser 50 caractères.',
        },
      },
    },
  },
};
