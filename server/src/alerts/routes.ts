/**
 * Alerts (docs/insight.md "Alerts"): the signed-in user's choice of event types and daily digest,
 * the unread count and marking read; the digest's unsubscribe link, which works without signing
 * in: GET describes what it stops (no side effect, so a mail scanner following links changes
 * nothing), POST stops it, from the confirmation page or a mail client's RFC 8058 one-click POST.
 */
import { EVENT_TYPES } from '@extranet/core/domain/eventTypes.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allow, PUBLIC, SIGNED_IN } from '../auth/access.ts';
import type { Db } from '../db/types.ts';
import type { Caller } from '../entities/engine/caller.ts';
import { badBody } from '../entities/engine/errors.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { pathOf } from '../http/error-handler.ts';
import { alertHeaders, problems } from '../http/problems.ts';
import { readChoice, restartDigest, writeChoice } from './state.ts';
import { markRead, readUnread } from './unread.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export interface AlertRoutesOptions {
  readonly db: Db;
  readonly tokens: UnsubscribeTokens;
}

/**
 * The body of `PUT /api/account/alerts`, checked by hand: the route's JSON schema would coerce a
 * lone string into a one-type list, and a wrong body must change nothing and say why.
 */
function choiceOf(body: unknown): { types: string[]; digest: boolean } {
  const bad = (field: string, detail: string) => badBody(field, 'InvalidValue', detail, 'alerts');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('body', 'An object {types, digest} is expected');
  const { types, digest, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw bad(extra, 'Unknown property');
  if (!Array.isArray(types)) throw bad('types', 'types is a list of event type codes');
  for (const type of types)
    if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type))
      throw bad('types', `Unknown event type ${JSON.stringify(type)} (known: ${EVENT_TYPES.join(', ')})`);
  if (new Set(types).size !== types.length) throw bad('types', 'An event type is listed twice');
  if (typeof digest !== 'boolean') throw bad('digest', 'digest is true or false');
  return { types: types as string[], digest };
}

const readSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { upTo: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

const tokenQuery = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

/** `j***@example.com`: enough for the owner to recognise, little for anyone else. */
const masked = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

export async function alertRoutes(app: FastifyInstance, { db, tokens }: AlertRoutesOptions) {
  const userOf = (request: FastifyRequest): Caller & { readonly id: number } => {
    const caller = callerOf(request);
    return { ...caller, id: request.principal!.id };
  };

  app.get('/api/account/alerts', allow(SIGNED_IN), async (request) => {
    const user = userOf(request);
    const choice = await readChoice(db, user.id, user.authorities);
    return { ...choice, ...(await readUnread(db, user, user.id, choice.types)) };
  });

  app.put('/api/account/alerts', allow(SIGNED_IN), async (request, reply) => {
    const user = userOf(request);
    const { types, digest } = choiceOf(request.body);
    const ordered = EVENT_TYPES.filter((type) => types.includes(type));
    await db.transaction(async (tx) => {
      const before = await readChoice(tx, user.id, user.authorities);
      await writeChoice(tx, user.id, { types: ordered, digest });
      // A digest turned back on starts from now, not from the events of the months it was off.
      if (digest && !before.digest) await restartDigest(tx, user.id);
    });
    reply.headers(alertHeaders('alerts.saved', ordered.join(',')));
    return {
      types: ordered,
      digest,
      chosen: true,
      ...(await readUnread(db, user, user.id, ordered)),
    };
  });

  app.get('/api/account/alerts/unread', allow(SIGNED_IN), async (request) => {
    const user = userOf(request);
    const { types } = await readChoice(db, user.id, user.authorities);
    return readUnread(db, user, user.id, types);
  });

  app.post<{ Body: { upTo?: number } | undefined }>(
    '/api/account/alerts/read',
    { ...allow(SIGNED_IN), schema: { body: readSchema } },
    async (request) => {
      const user = userOf(request);
      await markRead(db, user.id, request.body?.upTo);
      const { types } = await readChoice(db, user.id, user.authorities);
      return readUnread(db, user, user.id, types);
    },
  );

  const target = async (request: FastifyRequest<{ Querystring: { token: string } }>) => {
    const userId = tokens.userOf(request.query.token);
    const [user] =
      userId === undefined
        ? []
        : await db.query<{ id: string; email: string | null }>('SELECT id, email FROM users WHERE id = $1', [
            userId,
          ]);
    if (!user?.email)
      throw problems.badRequest(
        'This unsubscribe link is not valid: it was changed or its account no longer exists',
        pathOf(request),
        'alerts.unsubscribe.invalid',
      );
    return { id: Number(user.id), email: user.email };
  };

  app.get<{ Querystring: { token: string } }>(
    '/api/alerts/unsubscribe',
    { ...allow(PUBLIC), schema: { querystring: tokenQuery } },
    async (request) => {
      const user = await target(request);
      const [row] = await db.query<{ digest: boolean }>(
        'SELECT digest FROM alert_preference WHERE user_id = $1',
        [user.id],
      );
      return { email: masked(user.email), digest: row?.digest ?? true };
    },
  );

  // A mail client's one-click POST is a form (`List-Unsubscribe=One-Click`); read it here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<{ Querystring: { token: string }; Body: Record<string, unknown> | undefined }>(
    '/api/alerts/unsubscribe',
    { ...allow(PUBLIC), schema: { querystring: tokenQuery } },
    async (request) => {
      const user = await target(request);
      const via = request.body?.['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'page';
      await db.transaction(async (tx) => {
        const [roles] = await tx.query<{ authorities: string[] }>(
          `SELECT coalesce(array_agg(authority_name::text), '{}'::text[]) AS authorities
             FROM user_authority WHERE user_id = $1`,
          [user.id],
        );
        const { types } = await readChoice(tx, user.id, roles?.authorities ?? []);
        await writeChoice(tx, user.id, { types, digest: false });
        await tx.query('INSERT INTO alert_unsubscribe (user_id, via) VALUES ($1, $2)', [user.id, via]);
      });
      return { email: masked(user.email), digest: false };
    },
  );
}
