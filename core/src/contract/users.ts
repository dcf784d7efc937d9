/** The administration of users (docs/api-conventions.md §6), ROLE_ADMIN only. */
import { Schema } from 'effect';
import { Id, Instant } from '../domain/fields.ts';
import { Authority, Login, Marque } from '../domain/ids.ts';
import { UserSyncReport } from '../domain/userSync.ts';
import { LOGIN_PATTERN } from '../rules/accountRules.ts';
import { endpoint } from './endpoint.ts';

const GROUP = 'Users';
const text = (max: number) => Schema.NullOr(Schema.String.pipe(Schema.maxLength(max)));
/** An e-mail address as the account and user bodies take it (its shape checked by the server's JSON Schema). */
export const Email = Schema.String.pipe(Schema.minLength(5), Schema.maxLength(100)).annotations({
  jsonSchema: { type: 'string', minLength: 5, maxLength: 100, format: 'email' },
});
/** A login as bodies and paths take it: core's pattern, 1 to 50 characters. */
export const LoginText = Schema.String.pipe(
  Schema.minLength(1),
  Schema.maxLength(50),
  Schema.pattern(LOGIN_PATTERN),
).annotations({ description: 'user login' });

/** A user as the API answers it: JHipster's UserDTO plus brand and broker code, every field always sent. */
export const UserAnswer = Schema.Struct({
  id: Id,
  login: Login,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  imageUrl: Schema.NullOr(Schema.String),
  activated: Schema.Boolean,
  langKey: Schema.NullOr(Schema.String),
  marque: Schema.NullOr(Marque).annotations({ description: 'brand' }),
  codeCourtier: Schema.NullOr(Schema.String).annotations({
    description: 'principal broker code (row scope)',
  }),
  createdBy: Schema.NullOr(Schema.String),
  createdDate: Schema.NullOr(Instant),
  lastModifiedBy: Schema.NullOr(Schema.String),
  lastModifiedDate: Schema.NullOr(Instant),
  authorities: Schema.Array(Authority),
}).annotations({ identifier: 'User' });

const managed = {
  id: Schema.optional(
    Schema.NullOr(Schema.Number.pipe(Schema.int(), Schema.between(1, Number.MAX_SAFE_INTEGER))),
  ),
  login: LoginText,
  firstName: Schema.optional(text(50)),
  lastName: Schema.optional(text(50)),
  email: Email,
  imageUrl: Schema.optional(text(256)),
  activated: Schema.optional(Schema.Boolean),
  langKey: Schema.optional(Schema.NullOr(Schema.String.pipe(Schema.minLength(2), Schema.maxLength(6)))),
  codeCourtier: Schema.optional(text(10)),
  authorities: Schema.optional(Schema.Array(Authority).pipe(Schema.maxItems(20))),
  password: Schema.optional(text(50)),
};

/** The body of a creation: no id; an initial password of 4 to 50 characters, else a reset link is mailed. */
export const NewUserBody = Schema.Struct({
  ...managed,
  marque: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(50)),
}).annotations({
  identifier: 'ManagedUser',
  description: 'Create (no id; initial password 4 to 50 characters, else a reset link is mailed).',
});

/** The body of an update: by its id; the brand may stay empty on an account that has none. */
export const UserUpdateBody = Schema.Struct({ ...managed, marque: Schema.optional(text(50)) }).annotations({
  identifier: 'ManagedUserUpdate',
  description: 'Update (with id); the brand may stay empty on an account that has none.',
});

const byLogin = Schema.Struct({ login: LoginText });
const SORTABLE =
  'id, login, firstName, lastName, email, activated, langKey, marque, codeCourtier, createdBy, createdDate, lastModifiedBy, lastModifiedDate';

export const users = {
  list: endpoint({
    id: 'listUsers',
    group: GROUP,
    method: 'GET',
    path: '/api/users',
    summary: 'All users, paged (default size 20, sort id,asc)',
    description: `Sortable on ${SORTABLE}.`,
    access: 'users.admin',
    query: Schema.Struct({
      page: Schema.optional(Schema.String.annotations({ description: '0-based page number (default 0)' })),
      size: Schema.optional(Schema.String.annotations({ description: 'page size (default 20)' })),
      sort: Schema.optional(
        Schema.Union(Schema.String, Schema.Array(Schema.String)).annotations({
          description: '`field,asc` or `field,desc`, repeatable',
        }),
      ),
    }),
    success: {
      status: 200,
      description: 'one page of users',
      schema: Schema.Array(UserAnswer),
      headers: ['paging'],
    },
    errors: ['BadRequest'],
  }),
  create: endpoint({
    id: 'createUser',
    group: GROUP,
    method: 'POST',
    path: '/api/users',
    summary:
      'Create a user (initial password, authorities, marque, codeCourtier; `activated` as sent, default true)',
    description: 'Problems `login-already-used`, `email-already-used`, `error.idexists` (body with an id).',
    access: 'users.admin',
    objectName: 'userDTO',
    body: NewUserBody,
    success: {
      status: 201,
      description: 'created',
      schema: UserAnswer,
      headers: ['alert', 'location'],
      alert: 'userManagement.created',
    },
    errors: ['BadRequest', 'InternalError'],
  }),
  update: endpoint({
    id: 'updateUser',
    group: GROUP,
    method: 'PUT',
    path: '/api/users',
    summary: 'Update a user (by the id in the body), including the activation toggle',
    description: 'An administrator cannot deactivate themselves nor remove their own ROLE_ADMIN (400).',
    access: 'users.admin',
    objectName: 'userDTO',
    body: UserUpdateBody,
    success: {
      status: 200,
      description: 'updated',
      schema: UserAnswer,
      headers: ['alert'],
      alert: 'userManagement.updated',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  authorities: endpoint({
    id: 'listAuthorities',
    group: GROUP,
    method: 'GET',
    path: '/api/users/authorities',
    summary: 'The authority names',
    access: 'users.admin',
    success: { status: 200, description: 'names', schema: Schema.Array(Authority) },
  }),
  get: endpoint({
    id: 'getUser',
    group: GROUP,
    method: 'GET',
    path: '/api/users/{login}',
    summary: 'One user by login',
    access: 'users.admin',
    objectName: 'userManagement',
    params: byLogin,
    badParams: 'BadRequest',
    success: { status: 200, description: 'the user', schema: UserAnswer },
    errors: ['NotFound'],
  }),
  remove: endpoint({
    id: 'deleteUser',
    group: GROUP,
    method: 'DELETE',
    path: '/api/users/{login}',
    summary: 'Delete a user',
    description: 'An administrator cannot delete themselves (400).',
    access: 'users.admin',
    objectName: 'userManagement',
    params: byLogin,
    badParams: 'BadRequest',
    success: { status: 200, description: 'deleted', headers: ['alert'], alert: 'userManagement.deleted' },
    errors: ['NotFound'],
  }),
  sync: endpoint({
    id: 'syncPortalUsers',
    group: GROUP,
    method: 'GET',
    path: '/api/portail_user/sync',
    summary: 'Reconcile users with the portal directory',
    description:
      'Creates missing users deactivated, updates changed names, e-mails, codes and brands, never deletes; idempotent.',
    access: 'users.admin',
    success: {
      status: 200,
      description: 'what changed',
      schema: UserSyncReport.annotations({ identifier: 'SyncReport' }),
    },
    errors: ['BadGateway'],
  }),
};
