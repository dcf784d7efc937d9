/**
 * Personal access tokens (docs/integrations.md): the signed-in user creates, lists and revokes
 * theirs; an administrator lists and revokes a user's. Every creation and revocation is audited.
 * These routes are closed to tokens themselves (auth/token-reach.ts): only a person signed in
 * with a password mints a token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByLogin } from '../accounts/users.ts';
import { writeAuditEvent } from '../audit/events.ts';
import { needs, SIGNED_IN } from '../auth/access.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { alertHeaders, problems } from '../http/problems.ts';
import {
  countTokens,
  createToken,
  listTokens,
  MAX_TOKEN_DAYS,
  MAX_TOKENS_PER_USER,
  revokeToken,
  TOKEN_SCOPES,
  type TokenRow,
  type TokenScope,
} from './store.ts';

const USERS_ADMIN = needs('users.admin');

export interface TokenDeps {
  readonly db: Db;
  readonly now?: () => number;
}

export const TokenAudit = {
  CREATED: 'PERSONAL_TOKEN_CREATED',
  REVOKED: 'PERSONAL_TOKEN_REVOKED',
} as const;

const DAY_MS = 86_400_000;

const createBody = {
  type: 'object',
  required: ['name', 'scope', 'expiresInDays'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    scope: { type: 'string', enum: [...TOKEN_SCOPES] },
    expiresInDays: { type: 'integer', minimum: 1, maximum: MAX_TOKEN_DAYS },
  },
} as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;
const loginParams = {
  type: 'object',
  required: ['login'],
  properties: { login: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const toTokenDto = (row: TokenRow) => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lastUsedAt: row.lastUsedAt,
});

export async function tokenRoutes(app: FastifyInstance, { db, now = Date.now }: TokenDeps) {
  const audit = (request: FastifyRequest, login: string, type: string, row: TokenRow, by?: string) =>
    writeAuditEvent(db, login, type, {
      token: String(row.id),
      name: row.name,
      scope: row.scope,
      ...(by ? { by } : {}),
      remoteAddress: request.ip,
    });

  app.get('/api/account/tokens', { config: { access: SIGNED_IN } }, async (request) =>
    (await listTokens(db, request.principal!.id)).map(toTokenDto),
  );

  app.post<{ Body: { name: string; scope: TokenScope; expiresInDays: number } }>(
    '/api/account/tokens',
    { config: { access: SIGNED_IN }, schema: { body: createBody } },
    async (request, reply) => {
      const principal = request.principal!;
      const name = request.body.name.trim();
      if (name === '') throw problems.badRequest('A token needs a name', pathOf(request), 'error.validation');
      if ((await countTokens(db, principal.id)) >= MAX_TOKENS_PER_USER) {
        throw problems.badRequest(
          `At most ${MAX_TOKENS_PER_USER} tokens per account: revoke one first`,
          pathOf(request),
          'error.tokens.tooMany',
        );
      }
      const at = new Date(now());
      const { token, row } = await createToken(
        db,
        principal.id,
        {
          name,
          scope: request.body.scope,
          expiresAt: new Date(at.getTime() + request.body.expiresInDays * DAY_MS),
        },
        at,
      );
      await audit(request, principal.login, TokenAudit.CREATED, row);
      return reply
        .code(201)
        .headers(alertHeaders('tokens.created', row.name))
        .send({ ...toTokenDto(row), token });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/account/tokens/:id',
    { config: { access: SIGNED_IN }, schema: { params: idParams } },
    async (request, reply) => {
      const principal = request.principal!;
      // Another user's token is not found, exactly like one that does not exist.
      const row = await revokeToken(db, principal.id, request.params.id);
      if (!row) throw problems.entityNotFound('token', pathOf(request));
      await audit(request, principal.login, TokenAudit.REVOKED, row);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { login: string } }>(
    '/api/users/:login/tokens',
    { config: { access: USERS_ADMIN }, schema: { params: loginParams } },
    async (request) => {
      const user = await findUserByLogin(db, request.params.login);
      if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
      return (await listTokens(db, user.id)).map(toTokenDto);
    },
  );

  app.delete<{ Params: { login: string; id: number } }>(
    '/api/users/:login/tokens/:id',
    {
      config: { access: USERS_ADMIN },
      schema: {
        params: {
          type: 'object',
          required: ['login', 'id'],
          properties: { ...loginParams.properties, ...idParams.properties },
        },
      },
    },
    async (request, reply) => {
      const user = await findUserByLogin(db, request.params.login);
      if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
      const row = await revokeToken(db, user.id, request.params.id);
      if (!row) throw problems.entityNotFound('token', pathOf(request));
      await audit(request, user.login, TokenAudit.REVOKED, row, request.principal!.login);
      return reply.code(204).send();
    },
  );
}
