/** Sessions (docs/security.md "Identity: sessions"): the caller's, and a user's for an administrator. */
import { Schema } from 'effect';
import { Session } from '../domain/session.ts';
import { endpoint, Key } from './endpoint.ts';

const Sessions = Schema.Array(Session.annotations({ identifier: 'Session' }));
const byLogin = Schema.Struct({
  login: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({
    description: 'user login',
  }),
});
const ended = { status: 204, description: 'ended' } as const;

export const sessions = {
  list: endpoint({
    id: 'getSessions',
    group: 'Account',
    method: 'GET',
    path: '/api/account/sessions',
    summary: "The caller's sessions (one per sign-in), most recently used first",
    access: 'signed-in',
    success: { status: 200, description: 'the sessions', schema: Sessions },
  }),
  endOthers: endpoint({
    id: 'endOtherSessions',
    group: 'Account',
    method: 'DELETE',
    path: '/api/account/sessions',
    summary: 'End every session of the caller but the current one: their tokens are refused at once',
    access: 'signed-in',
    success: ended,
  }),
  endCurrent: endpoint({
    id: 'endCurrentSession',
    group: 'Account',
    method: 'DELETE',
    path: '/api/account/sessions/current',
    summary: 'Sign out: end the session of the token sent, which is refused afterwards',
    access: 'signed-in',
    success: ended,
  }),
  end: endpoint({
    id: 'endSession',
    group: 'Account',
    method: 'DELETE',
    path: '/api/account/sessions/{id}',
    summary: "End one of the caller's sessions (the current one signs out); another user's answers 404",
    access: 'signed-in',
    objectName: 'session',
    params: Schema.Struct({ id: Key('session id') }),
    badParams: 'BadRequest',
    success: ended,
    errors: ['NotFound'],
  }),
  ofUser: endpoint({
    id: 'getUserSessions',
    group: 'Users',
    method: 'GET',
    path: '/api/users/{login}/sessions',
    summary: "A user's sessions",
    access: 'users.admin',
    objectName: 'userManagement',
    params: byLogin,
    badParams: 'BadRequest',
    success: { status: 200, description: 'the sessions', schema: Sessions },
    errors: ['NotFound'],
  }),
  endOfUser: endpoint({
    id: 'endUserSessions',
    group: 'Users',
    method: 'DELETE',
    path: '/api/users/{login}/sessions',
    summary: "End every session of a user (an administrator's own: all but the current one)",
    access: 'users.admin',
    objectName: 'userManagement',
    params: byLogin,
    badParams: 'BadRequest',
    success: ended,
    errors: ['NotFound'],
  }),
};
