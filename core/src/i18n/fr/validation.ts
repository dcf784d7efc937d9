/** Validation messages of docs/product.md §5 and the password strength meter, shared by every form. */
export const validation = {
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
  strength: {
    none: 'Aucune',
    veryWeak: 'Très faible',
    weak: 'Faible',
    medium: 'Moyenne',
    strong: 'Bonne',
    veryStrong: 'Très bonne',
  },
};
