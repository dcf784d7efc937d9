/**
 * `/api/disputes` (docs/disputes.md), declared in core's contract (`core/src/contract/disputes.ts`).
 * Each step is an event of core's dispute machine on the stored state, applied in one
 * transaction with its thread entry, its files, its audit event and its mails (queued in the
 * outbox), so a refused step (late reopening, bad amount, refused file, wrong state) changes
 * nothing. Row scope as everywhere: another broker's dispute answers 404.
 */
import { disputes } from '@extranet/core/contract/disputes.ts';
import {
  centsText,
  claimedCents,
  type DisputeStatus,
  openingDeadline,
  withinDeadline,
} from '@extranet/core/domain/dispute.ts';
import {
  type DisputeEvent,
  type DisputeFacts,
  type DisputeParty,
  nextDispute,
} from '@extranet/core/machines/dispute.machine.ts';
import { may } from '@extranet/core/permissions/table.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAuditEvent } from '../audit/events.ts';
import { route } from '../contract/route.ts';
import type { Db, Queryable } from '../db/types.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { pathOf } from '../http/error-handler.ts';
import { parsePaging, setPageHeaders } from '../http/paging.ts';
import { alertHeaders, problems } from '../http/problems.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { checkedAttachments } from './files.ts';
import { queueStepMails } from './mails.ts';
import { invalidField, OBJECT_NAME } from './problems.ts';
import {
  disputeAnswer,
  findAttachment,
  findDispute,
  insertDispute,
  insertEntry,
  listDisputes,
  openedOn,
} from './store.ts';

export interface DisputeDeps {
  readonly db: Db;
  readonly outbox: MailOutbox;
  readonly now?: () => number;
}

const SORTABLE = {
  id: 'id',
  status: 'status',
  amountClaimed: 'amount_claimed',
  deadline: 'deadline',
  createdDate: 'created_date',
  lastModifiedDate: 'last_modified_date',
};

const KEY_OF_SOURCE = {
  ANOMALY: 'anomalyId',
  LINE: 'idMouvement',
  STATEMENT: 'idBordereau',
  POLICY: 'idPolice',
} as const;

/** The audit event of each thread entry kind. */
const AUDIT = (kind: string) => `DISPUTE_${kind}`;

const blank = (text: string) => text.trim() === '';

const amountOf = (field: string, value: unknown): string => {
  const cents = claimedCents(value);
  if (cents === undefined)
    throw invalidField(
      field,
      'Amount',
      `${field}: an amount above zero with at most 2 decimals (e.g. 120.50)`,
    );
  return centsText(cents);
};

const messageOf = (text: string) => {
  if (blank(text)) throw invalidField('message', 'NotBlank', 'The message is required');
  return text.trim();
};

/** The caller's side of a dispute; holding neither permission is a 403. */
const partyOf = (request: FastifyRequest): DisputeParty => {
  const caller = callerOf(request);
  if (may(caller, 'disputes.answer')) return 'insurer';
  if (may(caller, 'disputes.open')) return 'broker';
  throw problems.forbidden(pathOf(request));
};

const factsOf = (row: Record<string, unknown>): DisputeFacts => ({
  status: row.status as DisputeStatus,
  reopened: row.reopened === true,
  decidedOn:
    row.decided_date === null ? null : new Date(row.decided_date as string).toISOString().slice(0, 10),
});

export async function disputeRoutes(app: FastifyInstance, { db, outbox, now = Date.now }: DisputeDeps) {
  const today = () => new Date(now()).toISOString().slice(0, 10);
  const notFound = (request: FastifyRequest) => problems.entityNotFound(OBJECT_NAME, pathOf(request));
  /** Mails are queued with the step; sending them now spares the wait for the outbox's next run. */
  const sendQueued = async () => {
    try {
      await outbox.retry();
    } catch (error) {
      app.log.warn({ err: error }, 'dispute mails stay queued');
    }
  };

  route(app, disputes.list, async ({ query }, request, reply) => {
    const paging = parsePaging(request.query as Record<string, string>, {
      sortable: SORTABLE,
      defaultSort: ['lastModifiedDate,desc'],
      defaultSize: 20,
      maxSize: 200,
      tieBreaker: 'id desc',
    });
    const key = (raw: string | undefined, field: string) => {
      if (raw === undefined || raw === '') return undefined;
      if (!/^\d{1,15}$/.test(raw)) throw problems.badRequest(`Parameter ${field} must be an integer`);
      return Number(raw);
    };
    const { rows, total } = await listDisputes(db, callerOf(request), {
      status: query.status,
      codeCourtier: query.codeCourtier,
      idPolice: key(query.idPolice, 'idPolice'),
      idBordereau: key(query.idBordereau, 'idBordereau'),
      settledBy: key(query.settledBy, 'settledBy'),
      orderBy: paging.orderBy,
      size: paging.size,
      offset: paging.offset,
    });
    setPageHeaders(reply, '/api/disputes', paging, total);
    return rows as never;
  });

  route(app, disputes.get, async ({ params }, request) => {
    const row = await findDispute(db, callerOf(request), params.id);
    if (row === undefined) throw notFound(request);
    return (await disputeAnswer(db, row)) as never;
  });

  route(app, disputes.attachment, async ({ params }, request, reply) => {
    const file = await findAttachment(db, callerOf(request), params.id, params.fileId);
    if (file === undefined) throw notFound(request);
    return reply
      .header('content-type', file.mime)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.content));
  });

  route(app, disputes.create, async ({ body }, request, reply) => {
    const caller = callerOf(request);
    const login = request.principal!.login;
    const keyField = KEY_OF_SOURCE[body.source];
    const key = body[keyField];
    if (key === undefined)
      throw invalidField(keyField, 'NotNull', `A dispute from ${body.source} names its ${keyField}`);
    const amount = amountOf('amountClaimed', body.amountClaimed);
    const message = messageOf(body.message);
    const files = checkedAttachments(body.attachments);
    const on = await openedOn(db, caller, body.source, key);
    if (on === undefined) throw notFound(request);
    if (on.statement_date !== null) {
      const deadline = openingDeadline(on.statement_date);
      if (!withinDeadline(deadline, today()))
        throw invalidField(
          keyField,
          'Deadline',
          `Disputes on a statement are opened within 90 days: this one's deadline was ${deadline}`,
          { deadline },
        );
    }
    const row = await db.transaction(async (tx) => {
      const inserted = await insertDispute(tx, {
        ...on,
        source: body.source,
        reason: body.reason,
        amount,
        openedBy: login,
      });
      const id = Number(inserted.id);
      await insertEntry(tx, id, { kind: 'OPENED', author: login, byInsurer: false, message }, files);
      await audit(tx, login, 'OPENED', id, { amount, reason: body.reason });
      await queueStepMails(tx, {
        id,
        police: on.police,
        openedBy: login,
        kind: 'OPENED',
        message,
        byBroker: true,
      });
      return inserted;
    });
    await sendQueued();
    const answer = await disputeAnswer(db, row);
    return reply
      .headers({
        location: `/api/disputes/${answer.id}`,
        ...alertHeaders('extranetApp.dispute.created', answer.id),
      })
      .send(answer);
  });

  /**
   * Applies `event` to the dispute in one transaction: the machine decides, the row and thread
   * change, the step is audited and mailed. The machine refusing it is a 400 and nothing changes.
   */
  const step = async (
    request: FastifyRequest,
    id: number,
    event: DisputeEvent,
    entry: { kind: string; message: string; files: ReturnType<typeof checkedAttachments> },
    set: Record<string, unknown> = {},
  ) => {
    const caller = callerOf(request);
    const login = request.principal!.login;
    const byInsurer = may(caller, 'disputes.answer');
    return db.transaction(async (tx) => {
      const row = await findDispute(tx, caller, id, true);
      if (row === undefined) throw notFound(request);
      const after = nextDispute(factsOf(row), event);
      if (after === null) throw refusal(event, row);
      const columns = { status: after.status, reopened: after.reopened, ...set };
      const names = Object.keys(columns);
      const [updated] = await tx.query(
        `update dispute set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, last_modified_date = now()
         where id = $1 returning *`,
        [id, ...Object.values(columns)],
      );
      await insertEntry(
        tx,
        id,
        { kind: entry.kind, author: login, byInsurer, message: entry.message },
        entry.files,
      );
      await audit(tx, login, entry.kind, id, { status: after.status });
      // The back office's answer reaches the broker's webhooks too, exactly when the step commits.
      if (event.type === 'ask' || event.type === 'accept' || event.type === 'reject')
        await emitWebhookEvent(tx, {
          type: 'dispute.answered',
          scope: {
            codeCourtierPortail: (row.code_courtier_portail as string | null) ?? null,
            codeCourtierGrossistePortail: (row.code_courtier_grossiste_portail as string | null) ?? null,
          },
          payload: {
            idDispute: id,
            status: after.status,
            idPolice: row.id_police ?? null,
            codeCourtierPortail: row.code_courtier_portail ?? null,
          },
        });
      await queueStepMails(tx, {
        id,
        police: (row.police as string | null) ?? null,
        openedBy: row.opened_by as string,
        kind: entry.kind as never,
        message: entry.message,
        byBroker: !byInsurer,
      });
      return updated!;
    });
  };

  const refusal = (event: DisputeEvent, row: Record<string, unknown>) => {
    if (event.type === 'reopen') {
      const detail =
        row.reopened === true
          ? 'A dispute is reopened once only'
          : row.status === 'ACCEPTED' || row.status === 'REJECTED'
            ? 'A decision is reopened within 30 days only'
            : `A dispute ${row.status} is not reopened`;
      return invalidField('reopen', 'Reopen', detail);
    }
    return invalidField(
      event.type === 'message' ? 'message' : 'outcome',
      'Status',
      `This step is not open to a dispute ${row.status}`,
      { status: row.status },
    );
  };

  route(app, disputes.message, async ({ params, body }, request, reply) => {
    const party = partyOf(request);
    const message = messageOf(body.message);
    const files = checkedAttachments(body.attachments);
    if (body.reopen === true && party !== 'broker') throw problems.forbidden(pathOf(request));
    const event: DisputeEvent =
      body.reopen === true ? { type: 'reopen', today: today() } : { type: 'message', by: party };
    const row = await step(
      request,
      params.id,
      event,
      { kind: body.reopen === true ? 'REOPENED' : 'MESSAGE', message, files },
      body.reopen === true ? { correction: null, decision_reason: null } : {},
    );
    await sendQueued();
    return reply
      .headers(alertHeaders('extranetApp.dispute.updated', params.id))
      .send(await disputeAnswer(db, row));
  });

  route(app, disputes.decision, async ({ params, body }, request, reply) => {
    const message = messageOf(body.message);
    const files = checkedAttachments(body.attachments);
    const decidedAt = new Date(now()).toISOString();
    let row: Record<string, unknown>;
    if (body.outcome === 'INFO_REQUESTED') {
      row = await step(request, params.id, { type: 'ask' }, { kind: 'INFO_REQUESTED', message, files });
    } else if (body.outcome === 'ACCEPTED') {
      if (body.correction === undefined)
        throw invalidField('correction', 'NotNull', 'An acceptance records the correction owed');
      const correction = amountOf('correction', body.correction);
      // Lines already there when it was accepted never settle it: only a later statement does.
      const [last] = await db.query<{ id: number | null }>('select max(id) as id from commission_mouvement');
      row = await step(
        request,
        params.id,
        { type: 'accept', today: today() },
        { kind: 'ACCEPTED', message, files },
        { correction, decision_reason: message, decided_date: decidedAt, accepted_after_line: last?.id ?? 0 },
      );
    } else {
      row = await step(
        request,
        params.id,
        { type: 'reject', today: today() },
        { kind: 'REJECTED', message, files },
        { decision_reason: message, decided_date: decidedAt },
      );
    }
    await sendQueued();
    return reply
      .headers(alertHeaders('extranetApp.dispute.updated', params.id))
      .send(await disputeAnswer(db, row));
  });
}

async function audit(tx: Queryable, login: string, kind: string, id: number, data: Record<string, string>) {
  await writeAuditEvent(tx, login, AUDIT(kind), { dispute: String(id), ...data });
}
