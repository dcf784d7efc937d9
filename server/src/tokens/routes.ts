/**
 * Personal access tokens (docs/integrations.md): the signed-in user creates, lists and revokes
 * theirs; an administrator lists and revokes a user's. Every creation and revocation is audited.
 * These routes are closed to tokens themselves (auth/token-reach.ts): only a person signed in
 * with a password mints a token. Declared in core's contract (`core/src/contract/tokens.ts`).
 */
import { tokens } from '@extranet/core/contract/tokens.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserByLogin } from '../accounts/users.ts';
import { writeAuditEvent } from '../audit/events.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { pathOf } from '../http/error-handler.ts';
import { alertHeaders, problems } from '../http/problems.ts';
import {
  countTokens,
  createToken,
  listTokens,
  MAX_TOKENS_PER_USER,
  revokeToken,
  type TokenRow,
} from './store.ts';

export interface TokenDeps {
  readonly db: Db;
  readonly now?: () => number;
}

export const TokenAudit = {
  CREATED: 'PERSONAL_TOKEN_CREATED',
  REVOKED: 'PERSONAL_TOKEN_REVOKED',
} as const;

const DAY_MS = 86_400_000;

export const toTokenDto = (row: TokenRow) => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
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
  const userNamed = async (request: FastifyRequest, login: string) => {
    const user = await findUserByLogin(db, login);
    if (!user) throw problems.entityNotFound('userManagement', pathOf(request));
    return user;
  };

  route(app, tokens.list, async (_input, request) =>
    (await listTokens(db, request.principal!.id)).map(toTokenDto),
  );

  route(app, tokens.create, async ({ body }, request, reply) => {
    const principal = request.principal!;
    const name = body.name.trim();
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
      { name, scope: body.scope, expiresAt: new Date(at.getTime() + body.expiresInDays * DAY_MS) },
      at,
    );
    await audit(request, principal.login, TokenAudit.CREATED, row);
    reply.headers(alertHeaders('tokens.created', row.name));
    return { ...toTokenDto(row), token };
  });

  route(app, tokens.revoke, async ({ params }, request) => {
    const principal = request.principal!;
    // Another user's token is not found, exactly like one that does not exist.
    const row = await revokeToken(db, principal.id, params.id);
    if (!row) throw problems.entityNotFound('token', pathOf(request));
    await audit(request, principal.login, TokenAudit.REVOKED, row);
  });

  route(app, tokens.ofUser, async ({ params }, request) =>
    (await listTokens(db, (await userNamed(request, params.login)).id)).map(toTokenDto),
  );

  route(app, tokens.revokeOfUser, async ({ params }, request) => {
    const user = await userNamed(request, params.login);
    const row = await revokeToken(db, user.id, params.id);
    if (!row) throw problems.entityNotFound('token', pathOf(request));
    await audit(request, user.login, TokenAudit.REVOKED, row, request.principal!.login);
  });
}
