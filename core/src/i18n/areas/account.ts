/** Account screens and their validation and outcome messages (spec §2 "Account screens", §5, §8). */
export const account = {
  fr: {
    global: {
      messages: {
        validate: {
          login: {
            required: 'Votre identifiant est obligatoire.',
            minlength: 'Votre identifiant doit comporter au moins 1 caractère.',
            maxlength: 'Votre identifiant ne peut pas dépasser 50 caractères.',
            pattern: "Votre identifiant ne peut contenir que des lettres, des chiffres et _ ' . @ -.",
          },
          email: {
            required: 'Votre e-mail est obligatoire.',
            invalid: 'Votre e-mail n’est pas valide.',
            minlength: 'Votre e-mail doit comporter au moins 5 caractères.',
            maxlength: 'Votre e-mail ne peut pas dépasser 100 caractères.',
          },
          newpassword: {
            required: 'Votre mot de passe est obligatoire.',
            minlength: 'Votre mot de passe doit comporter au moins 12 caractères.',
            maxlength: 'Votre mot de passe ne peut pas dépasser 50 caractères.',
            complexity:
              'Votre mot de passe doit contenir une minuscule, une majuscule, un chiffre et un caractère spécial.',
            strength: 'Robustesse du mot de passe :',
          },
          confirmpassword: {
            required: 'Votre confirmation du mot de passe est obligatoire.',
            minlength: 'Votre confirmation du mot de passe doit comporter au moins 12 caractères.',
            maxlength: 'Votre confirmation du mot de passe ne peut pas dépasser 50 caractères.',
            complexity:
              'Votre confirmation doit contenir une minuscule, une majuscule, un chiffre et un caractère spécial.',
          },
          passwordconfirmation: {
            required: 'La confirmation de votre mot de passe est obligatoire.',
            minlength: 'La confirmation de votre mot de passe doit comporter au moins 12 caractères.',
            maxlength: 'La confirmation de votre mot de passe ne peut pas dépasser 50 caractères.',
            complexity:
              'La confirmation doit contenir une minuscule, une majuscule, un chiffre et un caractère spécial.',
          },
        },
        error: { dontmatch: 'Le mot de passe et sa confirmation ne correspondent pas !' },
      },
      form: {
        username: 'Identifiant',
        email: 'E-mail',
        newpassword: 'Nouveau mot de passe',
        confirmpassword: 'Confirmation du nouveau mot de passe',
      },
    },
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
    strength: {
      none: 'Aucune',
      veryWeak: 'Très faible',
      weak: 'Faible',
      medium: 'Moyenne',
      strong: 'Bonne',
      veryStrong: 'Très bonne',
    },
  },
  en: {
    global: {
      messages: {
        validate: {
          login: {
            required: 'Your username is required.',
            minlength: 'Your username is required to be at least 1 character.',
            maxlength: 'Your username cannot be longer than 50 characters.',
            pattern: "Your username can only contain letters, digits and _ ' . @ -.",
          },
          email: {
            required: 'Your email is required.',
            invalid: 'Your email is invalid.',
            minlength: 'Your email is required to be at least 5 characters.',
            maxlength: 'Your email cannot be longer than 100 characters.',
          },
          newpassword: {
            required: 'Your password is required.',
            minlength: 'Your password is required to be at least 12 characters.',
            maxlength: 'Your password cannot be longer than 50 characters.',
            complexity:
              'Your password needs a lowercase letter, an uppercase letter, a digit and a special character.',
            strength: 'Password strength:',
          },
          confirmpassword: {
            required: 'Your confirmation password is required.',
            minlength: 'Your confirmation password is required to be at least 12 characters.',
            maxlength: 'Your confirmation password cannot be longer than 50 characters.',
            complexity:
              'Your confirmation password needs a lowercase letter, an uppercase letter, a digit and a special character.',
          },
          passwordconfirmation: {
            required: 'Your password confirmation is required.',
            minlength: 'Your password confirmation is required to be at least 12 characters.',
            maxlength: 'Your password confirmation cannot be longer than 50 characters.',
            complexity:
              'Your password confirmation needs a lowercase letter, an uppercase letter, a digit and a special character.',
          },
        },
        error: { dontmatch: 'The password and its confirmation do not match!' },
      },
      form: {
        username: 'Username',
        email: 'Email',
        newpassword: 'New password',
        confirmpassword: 'New password confirmation',
      },
    },
    register: {
      title: 'Registration',
      form: { button: 'Register' },
      signIn: 'Already have an account? Sign in',
      messages: {
        success: '<strong>Registration saved!</strong> Please check your email for confirmation.',
        error: {
          fail: '<strong>Registration failed!</strong> Please try again later.',
          userexists: '<strong>Login name already registered!</strong> Please choose another one.',
          emailexists: '<strong>Email is already in use!</strong> Please choose another one.',
        },
      },
    },
    activate: {
      title: 'Activation',
      messages: {
        success: '<strong>Your user account has been activated.</strong> Please ',
        signIn: 'sign in',
        error:
          '<strong>Your user could not be activated.</strong> Please use the registration form to sign up.',
      },
    },
    password: {
      title: 'Password for [<strong>{{username}}</strong>]',
      form: { button: 'Save' },
      strength: 'Password strength:',
      messages: {
        success: '<strong>Password changed!</strong>',
        error: '<strong>An error has occurred!</strong> The password could not be changed.',
      },
    },
    reset: {
      request: {
        title: 'Reset your password',
        form: { button: 'Reset' },
        messages: {
          info: 'Enter the email address you used to register',
          success: 'Check your emails for details on how to reset your password.',
          notfound: '<strong>Email address isn’t registered!</strong> Please check and try again',
          error: '<strong>An error has occurred!</strong> Please try again later.',
        },
      },
      finish: {
        title: 'Reset password',
        form: { button: 'Reset Password' },
        messages: {
          info: 'Choose a new password',
          success: '<strong>Your password has been reset.</strong> Please ',
          keymissing: 'The password reset key is missing.',
          error: 'Your password couldn’t be reset. Remember a password request is only valid for 24 hours.',
        },
      },
    },
    settings: {
      title: 'User settings for [<strong>{{username}}</strong>]',
      form: {
        firstname: 'First Name',
        lastname: 'Last Name',
        language: 'Language',
        button: 'Save',
      },
      messages: {
        success: '<strong>Settings saved!</strong>',
        error: '<strong>An error has occurred!</strong> Settings could not be saved.',
        validate: {
          firstname: {
            required: 'Your first name is required.',
            minlength: 'Your first name is required to be at least 1 character.',
            maxlength: 'Your first name cannot be longer than 50 characters.',
          },
          lastname: {
            required: 'Your last name is required.',
            minlength: 'Your last name is required to be at least 1 character.',
            maxlength: 'Your last name cannot be longer than 50 characters.',
          },
        },
      },
    },
    strength: {
      none: 'None',
      veryWeak: 'Very weak',
      weak: 'Weak',
      medium: 'Medium',
      strong: 'Strong',
      veryStrong: 'Very strong',
    },
  },
};
