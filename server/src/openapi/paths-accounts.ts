/** Sign-in and the caller's own account (docs/api-conventions.md §1). */
import { header, type Json, jsonContent, okEmpty, okJson, operation, queryParam, ref } from './builders.ts';

const textOrJson = (field: string, schema: Json): Json => ({
  'application/json': { schema },
  'text/plain': { schema: { type: 'string', description: `the ${field} alone (4.x client)` } },
});

export const ACCOUNT_PATHS: Record<string, Json> = {
  '/api/authenticate': {
    post: operation({
      id: 'authenticate',
      tag: 'Account',
      summary: 'Sign in: a JWT valid 1 day, 30 days with rememberMe',
      roles: 'public',
      description:
        'Limited per address, and failures per login from one address, with a high per-login ceiling across all addresses (429 with Retry-After): failures from one address never lock the owner out from another. `username` may be the login or the e-mail address. With a second factor: 401 `second-factor-required` after the right password, then the same request with `code` (six digits or a recovery code; `invalid-second-factor` when wrong or already used, counted as a failure); a user whose role requires one and who has none gets 401 `second-factor-enrolment-required` with `params.enrolment` (an Enrolment), then sends `enrolmentToken` and `code` and gets `recovery_codes` with the token.',
      body: { content: jsonContent(ref('LoginVM')) },
      ok: { 200: okJson('signed in', ref('JwtToken'), { Authorization: header('`Bearer <token>`') }) },
      errors: ['BadRequest', 'Unauthorized', 'TooManyRequests'],
    }),
    get: operation({
      id: 'isAuthenticated',
      tag: 'Account',
      summary: 'The login of the signed-in caller, empty when anonymous',
      roles: 'public',
      ok: {
        200: { description: 'login or empty', content: { 'text/plain': { schema: { type: 'string' } } } },
      },
    }),
  },
  '/api/account': {
    get: operation({
      id: 'getAccount',
      tag: 'Account',
      summary: "The caller's account with authorities, langKey, imageUrl, marque",
      roles: 'signed-in',
      ok: { 200: okJson('the account', ref('User')) },
    }),
    post: operation({
      id: 'saveAccount',
      tag: 'Account',
      summary: "Save the caller's settings (names, e-mail, language, image)",
      roles: 'signed-in',
      body: { content: jsonContent(ref('Settings')) },
      ok: { 200: okEmpty('saved') },
      errors: ['BadRequest'],
      description: 'Problem `email-already-used` when the e-mail belongs to someone else.',
    }),
  },
  '/api/account/change-password': {
    post: operation({
      id: 'changePassword',
      tag: 'Account',
      summary: "Change the caller's password",
      roles: 'signed-in',
      body: { content: textOrJson('new password', ref('PasswordChange')) },
      ok: {
        200: okEmpty('changed; every token issued before is refused from now on', {
          Authorization: header(
            "`Bearer <token>`: the caller's renewed token, expiring when its old one would",
          ),
        }),
      },
      errors: ['BadRequest'],
      description:
        'Problem `invalid-password` when the new password breaks the rules (12 to 50 characters, lower, upper, digit, special) or `currentPassword` is given and wrong. The change ends every token issued before, the one it was made with too: the answer carries its replacement.',
    }),
  },
  '/api/account/reset-password/init': {
    post: operation({
      id: 'requestPasswordReset',
      tag: 'Account',
      summary: 'Mail a password reset link valid 24 hours',
      roles: 'public',
      body: {
        content: textOrJson('e-mail address', { type: 'object', properties: { email: { type: 'string' } } }),
      },
      ok: { 200: okEmpty('mailed') },
      errors: ['BadRequest', 'TooManyRequests', 'InternalError'],
      description:
        'Problem `email-not-found` for an unknown or inactive address. While the mail server is down the mail is kept and sent once it is back (200 all the same); 500 only when it is refused for good or cannot be kept.',
    }),
  },
  '/api/account/reset-password/finish': {
    post: operation({
      id: 'finishPasswordReset',
      tag: 'Account',
      summary: 'Set a new password with the mailed key',
      roles: 'public',
      body: { content: jsonContent(ref('KeyAndPassword')) },
      ok: { 200: okEmpty('password set') },
      errors: ['BadRequest'],
      description: 'Problems `invalid-password`, `invalid-key` (unknown, used or older than 24 hours).',
    }),
  },
  '/api/register': {
    post: operation({
      id: 'registerAccount',
      tag: 'Account',
      summary: 'Register an account (deactivated until the mailed link is followed)',
      roles: 'public',
      body: { content: jsonContent(ref('Registration')) },
      ok: { 201: okEmpty('registered; activation link mailed') },
      errors: ['BadRequest', 'TooManyRequests', 'InternalError'],
      description:
        'Problems `login-already-used`, `email-already-used`, `invalid-password`, constraint-violation.',
    }),
  },
  '/api/activate': {
    get: operation({
      id: 'activateAccount',
      tag: 'Account',
      summary: 'Activate an account with the mailed key',
      roles: 'public',
      params: [{ ...queryParam('key', 'the 20-digit activation key'), required: true }],
      ok: { 200: okEmpty('activated') },
      errors: ['BadRequest'],
      description: 'Problem `invalid-key` (400) for an unknown key.',
    }),
  },
  '/api/profile-info': {
    get: operation({
      id: 'getProfileInfo',
      tag: 'Account',
      summary: 'Active profiles and ribbon label',
      roles: 'public',
      ok: { 200: okJson('profiles', ref('ProfileInfo')) },
    }),
  },
};
