/** The sign-in modal (docs/product.md §2 "Account screens", §8 sign-in failure). */
export const login = {
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
};
