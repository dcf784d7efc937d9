/** Validation messages of docs/product.md §5 and the password strength meter, shared by every form. */
export const validation = {
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
  strength: {
    none: 'None',
    veryWeak: 'Very weak',
    weak: 'Weak',
    medium: 'Medium',
    strong: 'Strong',
    veryStrong: 'Very strong',
  },
};
