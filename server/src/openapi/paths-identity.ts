/** Two-factor sign-in and its settings (docs/security.md "Identity: two-factor sign-in"). */
import {
  alertHeaders,
  arrayOf,
  type Json,
  jsonContent,
  okEmpty,
  okJson,
  operation,
  pathParam,
  ref,
} from './builders.ts';

const ADMIN = ['ROLE_ADMIN'];
const str = (extra: Json = {}): Json => ({ type: 'string', ...extra });

export const IDENTITY_SCHEMAS: Record<string, Json> = {
  Enrolment: {
    type: 'object',
    additionalProperties: false,
    required: ['secret', 'otpauthUri', 'qrCode', 'enrolmentToken', 'expiresAt'],
    properties: {
      secret: str({ description: 'base32 TOTP secret (SHA-1, 6 digits, 30 s)' }),
      otpauthUri: str({ description: '`otpauth://totp/…` for an authenticator app' }),
      qrCode: str({ description: 'the QR code of otpauthUri, an SVG data URL' }),
      enrolmentToken: str({ description: 'sent back with the first code; valid 10 minutes' }),
      expiresAt: str({ format: 'date-time' }),
    },
  },
  TwoFactorStatus: {
    type: 'object',
    additionalProperties: false,
    required: ['enabled', 'required', 'enrolledAt', 'recoveryCodesLeft'],
    properties: {
      enabled: { type: 'boolean' },
      required: { type: 'boolean', description: "one of the caller's roles requires a second factor" },
      enrolledAt: { type: ['string', 'null'], format: 'date-time' },
      recoveryCodesLeft: { type: 'integer' },
    },
  },
  RecoveryCodes: {
    type: 'object',
    additionalProperties: false,
    required: ['recoveryCodes'],
    properties: { recoveryCodes: arrayOf(str({ pattern: '^[0-9A-Z]{5}-[0-9A-Z]{5}$' })) },
  },
  TwoFactorRoles: {
    type: 'object',
    additionalProperties: false,
    required: ['roles'],
    properties: { roles: arrayOf(str()) },
  },
};

const codeBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: str({ maxLength: 20, description: 'six digits or a recovery code' }) },
};

export const IDENTITY_PATHS: Record<string, Json> = {
  '/api/account/two-factor': {
    get: operation({
      id: 'getTwoFactor',
      tag: 'Account',
      summary: "The caller's two-factor state",
      roles: 'signed-in',
      ok: { 200: okJson('the state', ref('TwoFactorStatus')) },
    }),
    post: operation({
      id: 'confirmTwoFactor',
      tag: 'Account',
      summary: 'Confirm an enrolment with a code of its secret: answers the ten recovery codes, once',
      roles: 'signed-in',
      description:
        "Problem `invalid-second-factor` for a wrong code, `invalid-enrolment` for an enrolment token expired, altered, already confirmed or not the caller's; either changes nothing.",
      body: {
        content: jsonContent({
          type: 'object',
          required: ['enrolmentToken', 'code'],
          additionalProperties: false,
          properties: { enrolmentToken: str({ maxLength: 2000 }), code: str({ maxLength: 20 }) },
        }),
      },
      ok: { 200: okJson('enrolled', ref('RecoveryCodes')) },
      errors: ['BadRequest'],
    }),
    delete: operation({
      id: 'disableTwoFactor',
      tag: 'Account',
      summary: "Turn the caller's second factor off, with a current code",
      roles: 'signed-in',
      description: "Refused (400) when one of the caller's roles requires a second factor.",
      body: { content: jsonContent(codeBody) },
      ok: { 204: okEmpty('turned off') },
      errors: ['BadRequest'],
    }),
  },
  '/api/account/two-factor/enrolment': {
    post: operation({
      id: 'startTwoFactor',
      tag: 'Account',
      summary: 'Start an enrolment: a new secret and its QR code, stored only once confirmed',
      roles: 'signed-in',
      description: '400 when a second factor is already on.',
      ok: { 200: okJson('started', ref('Enrolment')) },
      errors: ['BadRequest'],
    }),
  },
  '/api/users/{login}/two-factor': {
    get: operation({
      id: 'getUserTwoFactor',
      tag: 'Users',
      summary: "A user's two-factor state: enrolled or not, required by a role or not",
      roles: ADMIN,
      params: [pathParam('login', 'user login')],
      ok: { 200: okJson('the state', ref('TwoFactorStatus')) },
      errors: ['NotFound'],
    }),
    delete: operation({
      id: 'resetTwoFactor',
      tag: 'Users',
      summary:
        "Reset a user's two-factor enrolment (the user signs in with the password alone, or enrols again when the role requires it)",
      roles: ADMIN,
      params: [pathParam('login', 'user login')],
      ok: { 204: okEmpty('reset', alertHeaders('userManagement.twoFactorReset')) },
      errors: ['NotFound'],
    }),
  },
  '/api/admin/two-factor/roles': {
    get: operation({
      id: 'getTwoFactorRoles',
      tag: 'Users',
      summary: 'The roles whose users must sign in with a second factor',
      roles: ADMIN,
      ok: { 200: okJson('the roles', ref('TwoFactorRoles')) },
    }),
    put: operation({
      id: 'setTwoFactorRoles',
      tag: 'Users',
      summary:
        'Set the roles whose users must sign in with a second factor (an unknown role: 400, nothing changed)',
      roles: ADMIN,
      body: { content: jsonContent(ref('TwoFactorRoles')) },
      ok: { 200: okJson('the roles now required', ref('TwoFactorRoles')) },
      errors: ['BadRequest'],
    }),
  },
};
