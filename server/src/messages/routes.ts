/**
 * `POST /api/upload` and `POST /api/messages` (docs/product.md §2 "Message form", §7):
 * the broker's message about a client file, with attachments, mailed to the after-sales
 * address of their brand. Multipart parsing is registered in this plugin only, so no other
 * route accepts multipart bodies.
 *
 * Retry: a message the mail server does not take answers 503 and is kept by the outbox every
 * mail goes through (mail/outbox.ts); it is sent again when the server starts and every
 * AFTER_SALES_RETRY_SECONDS (default 300).
 * Each user may send AFTER_SALES_LIMIT_PER_HOUR messages an hour (default 30; then 429).
 */
import { messages } from '@extranet/core/contract/messages.ts';
import { MAIL_SUBJECTS } from '@extranet/core/domain/message.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { findVisible } from '../entities/engine/detail.ts';
import { policeResource } from '../entities/police/resource.ts';
import { pathOf } from '../http/error-handler.ts';
import { httpProblem, problems } from '../http/problems.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { isOutOfSpace } from '../mail/files.ts';
import { type Delivery, isPermanentMailError, MailNotKept, type MailOutbox } from '../mail/outbox.ts';
import { afterSalesTable } from './after-sales.ts';
import { composeAfterSalesMail } from './compose.ts';
import { MESSAGE_FIELDS } from './limits.ts';
import { invalid, mailUnavailable, outOfSpace } from './problems.ts';
import { type Form, readForm } from './read-form.ts';
import { htmlToText, sanitizeRichText } from './sanitize.ts';

export interface MessageDeps {
  readonly db: Db;
  readonly config: Config;
  readonly outbox: MailOutbox;
}

function subjectOf(form: Form, path: string): string {
  const raw = form.fields.get('subject')?.normalize('NFC').trim() ?? '';
  if (!raw) throw invalid('subject', 'NotNull', 'The subject is required', path);
  const subject = MAIL_SUBJECTS.find((s) => s.toLowerCase() === raw.toLowerCase());
  if (!subject) {
    throw invalid('subject', 'Pattern', `The subject must be one of: ${MAIL_SUBJECTS.join(', ')}`, path, {
      allowed: MAIL_SUBJECTS,
    });
  }
  return subject;
}

function bodyOf(form: Form, path: string): { html: string; text: string } {
  const raw = form.fields.get('message') ?? '';
  const html = sanitizeRichText(raw);
  const text = htmlToText(html);
  if (!text) throw invalid('message', 'NotBlank', 'The message is required', path);
  return { html, text };
}

function idPoliceOf(form: Form, path: string): string {
  const raw = form.fields.get('id_police')?.trim() ?? '';
  if (!raw) throw invalid('id_police', 'NotNull', 'The policy (id_police) is required', path);
  if (!/^\d{1,15}$/.test(raw))
    throw invalid('id_police', 'Pattern', 'id_police must be a policy number', path);
  return raw;
}

/**
 * A form refused part-way leaves the rest of the body unread on the socket: answer with
 * `Connection: close` so the connection ends instead of waiting for bytes the client has stopped
 * sending.
 */
async function readFormOrClose(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: readonly string[],
): Promise<Form> {
  try {
    return await readForm(request, fields);
  } catch (error) {
    if (!request.raw.readableEnded) reply.header('Connection', 'close');
    throw error;
  }
}

async function routes(app: FastifyInstance, deps: MessageDeps): Promise<void> {
  const { db, config, outbox } = deps;
  const addresses = afterSalesTable(config.afterSales.addresses);
  const retrySeconds = outbox.retrySeconds;
  // Each message can carry 25 MB to a shared mailbox: a stolen or runaway account is capped.
  const perUser = createRateLimiter(db, 'after-sales-user', {
    max: config.afterSales.limitPerHour,
    windowMs: 3_600_000,
  });
  await app.register(multipart, { throwFileSizeLimit: false });

  route(app, messages.upload, async (_, request, reply) => {
    const form = await readFormOrClose(request, reply, []);
    if (form.files.length === 0)
      throw invalid('files', 'NotNull', 'Choose at least one file', pathOf(request));
    return form.files.map(({ name, size }) => ({ name, size }));
  });

  route(app, messages.send, async (_, request, reply) => {
    const path = pathOf(request);
    const principal = request.principal;
    if (!principal) throw problems.unauthorized(path);
    const wait = await perUser.retryAfter(principal.login);
    if (wait > 0) {
      reply.header('Connection', 'close');
      throw problems.tooManyRequests(wait, path);
    }
    const form = await readFormOrClose(request, reply, MESSAGE_FIELDS);
    const subject = subjectOf(form, path);
    const body = bodyOf(form, path);
    const idPolice = idPoliceOf(form, path);
    // Outside the caller's scope is exactly as absent as unknown (docs/design.md §4).
    const policy = await findVisible(db, policeResource, principal, idPolice);
    if (!policy) throw problems.entityNotFound(policeResource.entityName, path);

    const mail = composeAfterSalesMail({
      to: addresses.addressFor(principal.marque),
      subject,
      ...body,
      policy,
      sender: principal,
      files: form.files,
    });
    await perUser.hit(principal.login);
    let delivery: Delivery;
    try {
      delivery = await outbox.deliver(mail);
    } catch (error) {
      if (isPermanentMailError(error)) {
        request.log.error({ err: error }, 'after-sales message refused by the mail server');
        throw httpProblem(502, 'The mail server refused the message', path);
      }
      if (isOutOfSpace(error)) {
        // The outbox's disk is full: keeping it for a retry would need the same disk.
        request.log.error({ err: error }, 'after-sales message not written: no space left');
        throw outOfSpace(path);
      }
      if (error instanceof MailNotKept) throw mailUnavailable(path, false, retrySeconds);
      throw error;
    }
    // Kept: the broker learns it is not sent yet; it goes once the mail server is back.
    if (delivery === 'kept') throw mailUnavailable(path, true, retrySeconds);
    return {
      subject,
      idPolice: Number(idPolice),
      attachments: form.files.map(({ name, size }) => ({ name, size })),
    };
  });
}

/** Its own scope (multipart stays inside), after the auth and error-handler plugins. */
export const messageRoutes = fp(routes, {
  name: 'messages',
  dependencies: ['auth', 'error-handler'],
  encapsulate: true,
});
