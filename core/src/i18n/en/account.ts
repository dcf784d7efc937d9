/** Account screens and their outcome messages (docs/product.md §2 "Account screens", §8). */
export const account = {
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
};
