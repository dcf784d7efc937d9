/**
 * Sign-in and the caller's own account (docs/api-conventions.md §1 and §2): authenticate,
 * register, activate, settings, password change and reset, profile info. A refused bound is a
 * field error; the password rules are core's (`chosenPasswordFault`), which the server's handlers
 * apply so that a weak new password is `invalid-password` (a `Pattern` field error at registration).
 */
import { Schema } from 'effect';
import { ProfileInfo } from '../domain/account.ts';
import { PASSWORD_LENGTH } from '../rules/accountRules.ts';
import { endpoint } from './endpoint.ts';
import { JwtToken } from './sso.ts';
import { Email, LoginText, UserAnswer } from './users.ts';

const GROUP = 'Account';
const { min, max } = PASSWORD_LENGTH.chosen;
const RULES = `${min} to ${max} characters with a lowercase, an uppercase, a digit and a special character`;
const CHOSEN = `${RULES} (else \`invalid-password\`)`;

/**
 * Bounds only the server checks (field errors): the client sends what its sign-in and
 * registration forms let through and shows the server's refusal, as it always did.
 */
const bounded = (bounds: { readonly minLength?: number; readonly maxLength: number }, description?: string) =>
  Schema.String.annotations({
    jsonSchema: { type: 'string', ...bounds, ...(description ? { description } : {}) },
  });
/** A text that may be null, checked as one JSON type (`anyOf` would name the field three times). */
const nullable = (maxLength: number, minLength = 0) =>
  Schema.NullOr(Schema.String.pipe(Schema.minLength(minLength), Schema.maxLength(maxLength))).annotations({
    jsonSchema: { type: ['string', 'null'], ...(minLength ? { minLength } : {}), maxLength },
  });
const Name = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(50));
const LangKey = Schema.optional(nullable(6, 2));
const ImageUrl = Schema.optional(nullable(256));

const LoginVM = Schema.Struct({
  username: bounded({ minLength: 1, maxLength: 100 }, 'the login or the e-mail address'),
  password: bounded({ minLength: 4, maxLength: 100 }),
  rememberMe: Schema.optional(Schema.Boolean),
  code: Schema.optional(
    bounded({ maxLength: 20 }, 'second step: six digits from the authenticator app, or a recovery code'),
  ),
  enrolmentToken: Schema.optional(bounded({ maxLength: 2000 }, 'second step of an enrolment at sign-in')),
}).annotations({ identifier: 'LoginVM' });

export const account = {
  authenticate: endpoint({
    id: 'authenticate',
    group: GROUP,
    method: 'POST',
    path: '/api/authenticate',
    summary: 'Sign in: a JWT valid 1 day, 30 days with rememberMe',
    description:
      'Limited per address, and failures per login from one address, with a high per-login ceiling across all addresses (429 with Retry-After): failures from one address never lock the owner out from another. `username` may be the login or the e-mail address. With a second factor: 401 `second-factor-required` after the right password, then the same request with `code` (six digits or a recovery code; `invalid-second-factor` when wrong or already used, counted as a failure); a user whose role requires one and who has none gets 401 `second-factor-enrolment-required` with `params.enrolment` (an Enrolment), then sends `enrolmentToken` and `code` and gets `recovery_codes` with the token.',
    access: 'public',
    objectName: 'loginVM',
    body: LoginVM,
    success: { status: 200, description: 'signed in', schema: JwtToken, headers: ['authorization'] },
    errors: ['BadRequest', 'Unauthorized', 'TooManyRequests'],
  }),
  whoAmI: endpoint({
    id: 'isAuthenticated',
    group: GROUP,
    method: 'GET',
    path: '/api/authenticate',
    summary: 'The login of the signed-in caller, empty when anonymous',
    access: 'public',
    success: { status: 200, description: 'login or empty', text: ['text/plain'] },
  }),
  get: endpoint({
    id: 'getAccount',
    group: GROUP,
    method: 'GET',
    path: '/api/account',
    summary: "The caller's account with authorities, langKey, imageUrl, marque",
    access: 'signed-in',
    success: { status: 200, description: 'the account', schema: UserAnswer },
  }),
  save: endpoint({
    id: 'saveAccount',
    group: GROUP,
    method: 'POST',
    path: '/api/account',
    summary: "Save the caller's settings (names, e-mail, language, image)",
    description: 'Problem `email-already-used` when the e-mail belongs to someone else.',
    access: 'signed-in',
    objectName: 'userDTO',
    body: Schema.Struct({
      login: LoginText,
      firstName: Name,
      lastName: Name,
      email: Email,
      langKey: LangKey,
      imageUrl: ImageUrl,
    }).annotations({ identifier: 'Settings' }),
    success: { status: 200, description: 'saved' },
    errors: ['BadRequest'],
  }),
  changePassword: endpoint({
    id: 'changePassword',
    group: GROUP,
    method: 'POST',
    path: '/api/account/change-password',
    summary: "Change the caller's password",
    description:
      'Problem `invalid-password` when the new password breaks the rules (12 to 50 characters, lower, upper, digit, special) or `currentPassword` is given and wrong. The change ends every token issued before, the one it was made with too: the answer carries its replacement.',
    access: 'signed-in',
    textBody: 'newPassword',
    body: Schema.Struct({
      currentPassword: Schema.optional(
        Schema.String.annotations({ description: 'checked when given (the 5.x client)' }),
      ),
      // Any text: the handler words the refusal of a password breaking the rules.
      newPassword: Schema.optional(Schema.String.annotations({ description: CHOSEN })),
    }).annotations({ identifier: 'PasswordChange' }),
    success: {
      status: 200,
      description:
        "changed; every token issued before is refused from now on, and the caller's renewed token, expiring when its old one would, is in `Authorization`",
      headers: ['authorization'],
    },
    errors: ['BadRequest'],
  }),
  requestReset: endpoint({
    id: 'requestPasswordReset',
    group: GROUP,
    method: 'POST',
    path: '/api/account/reset-password/init',
    summary: 'Mail a password reset link valid 24 hours',
    description:
      'Problem `email-not-found` for an unknown or inactive address; a field error on `email` for a value that is no address. While the mail server is down the mail is kept and sent once it is back (200 all the same); 500 only when it is refused for good or cannot be kept.',
    access: 'public',
    textBody: 'email',
    body: Schema.Struct({ email: Schema.optional(Schema.String) }),
    success: { status: 200, description: 'mailed' },
    errors: ['BadRequest', 'TooManyRequests', 'InternalError'],
  }),
  finishReset: endpoint({
    id: 'finishPasswordReset',
    group: GROUP,
    method: 'POST',
    path: '/api/account/reset-password/finish',
    summary: 'Set a new password with the mailed key',
    description: 'Problems `invalid-password`, `invalid-key` (unknown, used or older than 24 hours).',
    access: 'public',
    objectName: 'keyAndPasswordVM',
    body: Schema.Struct({
      key: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
        description: 'the 20-digit key of the mail',
      }),
      newPassword: Schema.String.pipe(Schema.maxLength(1000)).annotations({ description: CHOSEN }),
    }).annotations({ identifier: 'KeyAndPassword' }),
    success: { status: 200, description: 'password set' },
    errors: ['BadRequest'],
  }),
  register: endpoint({
    id: 'registerAccount',
    group: GROUP,
    method: 'POST',
    path: '/api/register',
    summary: 'Register an account (deactivated until the mailed link is followed)',
    description:
      'Problems `login-already-used`, `email-already-used`, constraint-violation (a password breaking the rules is one, on `password`).',
    access: 'public',
    objectName: 'managedUserVM',
    body: Schema.Struct({
      login: LoginText,
      email: Email,
      password: bounded(
        { minLength: min, maxLength: max },
        'with a lowercase, an uppercase, a digit and a special character (else a `Pattern` field error)',
      ),
      langKey: LangKey,
      firstName: Schema.optional(nullable(50)),
      lastName: Schema.optional(nullable(50)),
      imageUrl: ImageUrl,
    }).annotations({ identifier: 'Registration' }),
    success: { status: 201, description: 'registered; activation link mailed' },
    errors: ['BadRequest', 'TooManyRequests', 'InternalError'],
  }),
  activate: endpoint({
    id: 'activateAccount',
    group: GROUP,
    method: 'GET',
    path: '/api/activate',
    summary: 'Activate an account with the mailed key',
    description: 'Problem `invalid-key` (400) for an unknown or missing key.',
    access: 'public',
    // An unknown, missing or overlong key is the same `invalid-key`: the handler checks it.
    handlerQuery: true,
    query: Schema.Struct({ key: Schema.String.annotations({ description: 'the 20-digit activation key' }) }),
    success: { status: 200, description: 'activated' },
    errors: ['BadRequest'],
  }),
  profileInfo: endpoint({
    id: 'getProfileInfo',
    group: GROUP,
    method: 'GET',
    path: '/api/profile-info',
    summary: 'Active profiles and ribbon label',
    access: 'public',
    success: {
      status: 200,
      description: 'profiles',
      schema: ProfileInfo.annotations({ identifier: 'ProfileInfo' }),
    },
  }),
};
