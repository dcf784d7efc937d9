/** Two-factor sign-in and its settings (docs/security.md "Identity: two-factor sign-in"). */
import { Schema } from 'effect';
import { TwoFactorRoles } from '../domain/session.ts';
import { Enrolment, EnrolmentConfirmed, TwoFactorStatus } from '../domain/twoFactor.ts';
import { endpoint } from './endpoint.ts';

const Status = TwoFactorStatus.annotations({ identifier: 'TwoFactorStatus' });
const Roles = TwoFactorRoles.annotations({ identifier: 'TwoFactorRoles' });
const text = (max: number, description?: string) =>
  Schema.String.pipe(Schema.minLength(1), Schema.maxLength(max)).annotations(
    description ? { description } : {},
  );
const byLogin = Schema.Struct({ login: text(100, 'user login') });

export const twoFactor = {
  status: endpoint({
    id: 'getTwoFactor',
    group: 'Account',
    method: 'GET',
    path: '/api/account/two-factor',
    summary: "The caller's two-factor state",
    access: 'signed-in',
    success: { status: 200, description: 'the state', schema: Status },
  }),
  start: endpoint({
    id: 'startTwoFactor',
    group: 'Account',
    method: 'POST',
    path: '/api/account/two-factor/enrolment',
    summary: 'Start an enrolment: a new secret and its QR code, stored only once confirmed',
    description: '400 when a second factor is already on.',
    access: 'signed-in',
    success: {
      status: 200,
      description: 'started',
      schema: Enrolment.annotations({ identifier: 'Enrolment' }),
    },
    errors: ['BadRequest'],
  }),
  confirm: endpoint({
    id: 'confirmTwoFactor',
    group: 'Account',
    method: 'POST',
    path: '/api/account/two-factor',
    summary: 'Confirm an enrolment with a code of its secret: answers the ten recovery codes, once',
    description:
      "Problem `invalid-second-factor` for a wrong code, `invalid-enrolment` for an enrolment token expired, altered, already confirmed or not the caller's; either changes nothing.",
    access: 'signed-in',
    objectName: 'enrolment',
    body: Schema.Struct({
      enrolmentToken: text(2000, 'the token of the started enrolment'),
      code: text(20, 'six digits or a recovery code'),
    }),
    success: {
      status: 200,
      description: 'enrolled',
      schema: EnrolmentConfirmed.annotations({ identifier: 'RecoveryCodes' }),
    },
    errors: ['BadRequest'],
  }),
  disable: endpoint({
    id: 'disableTwoFactor',
    group: 'Account',
    method: 'DELETE',
    path: '/api/account/two-factor',
    summary: "Turn the caller's second factor off, with a current code",
    description: "Refused (400) when one of the caller's roles requires a second factor.",
    access: 'signed-in',
    objectName: 'twoFactor',
    body: Schema.Struct({ code: text(20, 'six digits or a recovery code') }),
    success: { status: 204, description: 'turned off' },
    errors: ['BadRequest', 'TooManyRequests'],
  }),
  ofUser: endpoint({
    id: 'getUserTwoFactor',
    group: 'Users',
    method: 'GET',
    path: '/api/users/{login}/two-factor',
    summary: "A user's two-factor state: enrolled or not, required by a role or not",
    access: 'users.admin',
    objectName: 'userManagement',
    params: byLogin,
    badParams: 'BadRequest',
    success: { status: 200, description: 'the state', schema: Status },
    errors: ['NotFound'],
  }),
  resetOfUser: endpoint({
    id: 'resetTwoFactor',
    group: 'Users',
    method: 'DELETE',
    path: '/api/users/{login}/two-factor',
    summary:
      "Reset a user's two-factor enrolment (the user signs in with the password alone, or enrols again when the role requires it)",
    access: 'users.admin',
    objectName: 'userManagement',
    params: byLogin,
    badParams: 'BadRequest',
    success: {
      status: 204,
      description: 'reset',
      headers: ['alert'],
      alert: 'userManagement.twoFactorReset',
    },
    errors: ['NotFound'],
  }),
  roles: endpoint({
    id: 'getTwoFactorRoles',
    group: 'Users',
    method: 'GET',
    path: '/api/admin/two-factor/roles',
    summary: 'The roles whose users must sign in with a second factor',
    access: 'users.admin',
    success: { status: 200, description: 'the roles', schema: Roles },
  }),
  setRoles: endpoint({
    id: 'setTwoFactorRoles',
    group: 'Users',
    method: 'PUT',
    path: '/api/admin/two-factor/roles',
    summary:
      'Set the roles whose users must sign in with a second factor (an unknown role: 400, nothing changed)',
    access: 'users.admin',
    objectName: 'twoFactorRoles',
    body: Schema.Struct({
      roles: Schema.Array(Schema.String.pipe(Schema.maxLength(50))).pipe(Schema.maxItems(20)),
    }).annotations({ identifier: 'TwoFactorRolesChange' }),
    success: { status: 200, description: 'the roles now required', schema: Roles },
    errors: ['BadRequest'],
  }),
};
