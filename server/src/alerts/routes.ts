/**
 * Alerts (docs/insight.md "Alerts"): the signed-in user's choice of event types and daily digest,
 * the unread count and marking read; the digest's unsubscribe link, which works without signing
 * in: GET describes what it stops (no side effect, so a mail scanner following links changes
 * nothing), POST stops it, from the confirmation page or a mail client's RFC 8058 one-click POST.
 * Declared in core's contract (`core/src/contract/alerts.ts`); the choice's body is checked by its
 * Effect Schema alone, so a lone string is not taken for a one-type list.
 */
import { alerts } from '@extranet/core/contract/alerts.ts';
import { EVENT_TYPES } from '@extranet/core/domain/eventTypes.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import type { Caller } from '../entities/engine/caller.ts';
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

/** `j***@example.com`: enough for the owner to recognise, little for anyone else. */
const masked = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

export async function alertRoutes(app: FastifyInstance, { db, tokens }: AlertRoutesOptions) {
  const userOf = (request: FastifyRequest): Caller & { readonly id: number } => {
    const caller = callerOf(request);
    return { ...caller, id: request.principal!.id };
  };

  route(app, alerts.settings, async (_input, request) => {
    const user = userOf(request);
    const choice = await readChoice(db, user.id, user.authorities);
    return { ...choice, ...(await readUnread(db, user, user.id, choice.types)) };
  });

  route(app, alerts.save, async ({ body }, request, reply) => {
    const user = userOf(request);
    const { types, digest } = body;
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

  route(app, alerts.unread, async (_input, request) => {
    const user = userOf(request);
    const { types } = await readChoice(db, user.id, user.authorities);
    return readUnread(db, user, user.id, types);
  });

  route(app, alerts.markRead, async ({ body }, request) => {
    const user = userOf(request);
    await markRead(db, user.id, body?.upTo);
    const { types } = await readChoice(db, user.id, user.authorities);
    return readUnread(db, user, user.id, types);
  });

  const target = async (request: FastifyRequest, token: string) => {
    const userId = tokens.userOf(token);
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

  route(app, alerts.unsubscribeTarget, async ({ query }, request) => {
    const user = await target(request, query.token);
    const [row] = await db.query<{ digest: boolean }>(
      'SELECT digest FROM alert_preference WHERE user_id = $1',
      [user.id],
    );
    return { email: masked(user.email), digest: row?.digest ?? true };
  });

  // A mail client's one-click POST is a form (`List-Unsubscribe=One-Click`); read it here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  route(app, alerts.unsubscribe, async ({ query }, request) => {
    const user = await target(request, query.token);
    const form = request.body as Record<string, unknown> | undefined;
    const via = form?.['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'page';
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
  });
}
