/** The disputes group (docs/disputes.md): `/api/disputes`, within the caller's row scope. */
import { Schema } from 'effect';
import { Dispute, DisputeReason, DisputeSource, DisputeStatus, DisputeSummary } from '../domain/dispute.ts';
import { Id } from '../domain/fields.ts';
import { endpoint, Key } from './endpoint.ts';

const GROUP = 'Disputes';
const BASE = '/api/disputes';
const SCOPED =
  "Within the caller's row scope: another broker's dispute answers 404, as one that does not exist.";

/** An amount as typed: a JSON number or a decimal string, above zero, at most 2 decimals. */
const Money = Schema.Union(Schema.Number, Schema.String).annotations({
  description: 'euros, above zero, at most 2 decimals: a JSON number or a decimal string ("120.50")',
  examples: ['120.50'],
});

const Text = (description: string) => Schema.String.pipe(Schema.maxLength(5000)).annotations({ description });

/** A file sent with a step: the after-sales upload rules apply (types by content, sizes, count). */
export const DisputeFile = Schema.Struct({
  name: Schema.String.pipe(Schema.maxLength(255)).annotations({
    description: 'the file name, with its extension',
  }),
  content: Schema.String.annotations({ description: 'the bytes, base64' }),
}).annotations({ identifier: 'DisputeFile' });

const Files = Schema.optional(
  Schema.Array(DisputeFile).annotations({
    description:
      'at most 10 files, 10 MiB each and 25 MiB in all; PDF, PNG, JPEG, GIF, DOCX, XLSX, ODT, ODS or UTF-8 text, checked by content',
  }),
);

export const DisputeOpenBody = Schema.Struct({
  source: DisputeSource.annotations({ description: 'what the dispute is opened from' }),
  anomalyId: Schema.optional(Id.annotations({ description: 'source ANOMALY: the anomaly (its row id)' })),
  idMouvement: Schema.optional(
    Id.annotations({ description: 'source LINE: the statement line (its row id)' }),
  ),
  idBordereau: Schema.optional(Id.annotations({ description: 'source STATEMENT: the statement' })),
  idPolice: Schema.optional(Id.annotations({ description: 'source POLICY: the policy' })),
  reason: DisputeReason,
  amountClaimed: Money,
  message: Text('what is contested and why (plain text, not blank)'),
  attachments: Files,
}).annotations({ identifier: 'DisputeOpen' });

export const DisputeMessageBody = Schema.Struct({
  message: Text('plain text, not blank'),
  attachments: Files,
  reopen: Schema.optional(
    Schema.Boolean.annotations({
      description: 'the broker reopens a decided dispute (once, within 30 days of the decision)',
    }),
  ),
}).annotations({ identifier: 'DisputeMessage' });

export const DisputeDecisionBody = Schema.Struct({
  outcome: Schema.Literal('INFO_REQUESTED', 'ACCEPTED', 'REJECTED').annotations({
    description: 'ask the broker for more, accept with a correction, or reject with a reason',
  }),
  message: Text('the question, the note of the acceptance or the reason of the rejection (not blank)'),
  correction: Schema.optional(
    Money.annotations({ description: 'ACCEPTED: the correction owed to the broker' }),
  ),
  attachments: Files,
}).annotations({ identifier: 'DisputeDecision' });

/** 25 MiB of files in base64 (4 bytes for 3) and the text around them. */
const WITH_FILES = 34 * 1024 * 1024 + 64 * 1024;

const byId = Schema.Struct({ id: Key('the dispute') });
const common = { group: GROUP, objectName: 'dispute' } as const;
const DisputeAnswer = Dispute.annotations({ identifier: 'Dispute' });

export const disputes = {
  list: endpoint({
    ...common,
    access: 'disputes.read',
    id: 'getDisputes',
    method: 'GET',
    path: BASE,
    summary: "The disputes of the caller's scope, one page",
    description: `${SCOPED} Sorted by \`lastModifiedDate,desc\` unless \`sort\` says otherwise.`,
    query: Schema.Struct({
      page: Schema.optional(Schema.String.annotations({ description: '0-based page' })),
      size: Schema.optional(Schema.String.annotations({ description: 'page size, 1 to 200 (default 20)' })),
      sort: Schema.optional(
        Schema.String.annotations({
          description: 'field,asc|desc on id, status, amountClaimed, deadline, createdDate, lastModifiedDate',
        }),
      ),
      status: Schema.optional(DisputeStatus.annotations({ description: 'only this status' })),
      codeCourtier: Schema.optional(
        Schema.String.annotations({ description: "only this broker's (within the caller's scope)" }),
      ),
      idPolice: Schema.optional(Schema.String.annotations({ description: "only this policy's" })),
      idBordereau: Schema.optional(Schema.String.annotations({ description: "only this statement's" })),
      settledBy: Schema.optional(
        Schema.String.annotations({ description: 'only those this statement settled (its idBordereau)' }),
      ),
    }),
    success: {
      status: 200,
      description: 'the page',
      schema: Schema.Array(DisputeSummary.annotations({ identifier: 'DisputeSummary' })),
      headers: ['paging'],
    },
    errors: ['BadRequest'],
  }),
  create: endpoint({
    ...common,
    access: 'disputes.open',
    id: 'createDispute',
    method: 'POST',
    path: BASE,
    summary: 'Opens a dispute from an anomaly, a statement line, a statement or a policy',
    description:
      "A broker or a wholesaler, on a record of its scope (another's is 404), within 90 days of the statement; mailed to the back office. A late opening, a bad amount or a refused file is a 400 and nothing is kept.",
    body: DisputeOpenBody,
    bodyLimit: WITH_FILES,
    success: {
      status: 201,
      description: 'opened',
      schema: DisputeAnswer,
      headers: ['location', 'alert'],
      alert: 'extranetApp.dispute.created',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  get: endpoint({
    ...common,
    access: 'disputes.read',
    id: 'getDispute',
    method: 'GET',
    path: `${BASE}/{id}`,
    summary: 'One dispute with its thread',
    description: SCOPED,
    params: byId,
    success: { status: 200, description: 'the dispute', schema: DisputeAnswer },
    errors: ['NotFound'],
  }),
  attachment: endpoint({
    ...common,
    access: 'disputes.read',
    id: 'getDisputeAttachment',
    method: 'GET',
    path: `${BASE}/{id}/attachments/{fileId}`,
    summary: 'A file of the thread, as sent (its type as checked on arrival)',
    description: SCOPED,
    params: Schema.Struct({ id: Key('the dispute'), fileId: Key('the file') }),
    success: { status: 200, description: 'the bytes of the file' },
    errors: ['NotFound'],
  }),
  message: endpoint({
    ...common,
    access: 'disputes.read',
    id: 'addDisputeMessage',
    method: 'POST',
    path: `${BASE}/{id}/messages`,
    summary: 'Adds a message (and files) to the thread, or reopens a decided dispute',
    description: `${SCOPED} A broker's message answers a request for more information; \`reopen\` is refused after 30 days or a second time (400, nothing changed).`,
    params: byId,
    body: DisputeMessageBody,
    bodyLimit: WITH_FILES,
    success: {
      status: 200,
      description: 'the dispute after the message',
      schema: DisputeAnswer,
      headers: ['alert'],
      alert: 'extranetApp.dispute.updated',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
  decision: endpoint({
    ...common,
    access: 'disputes.answer',
    id: 'decideDispute',
    method: 'POST',
    path: `${BASE}/{id}/decision`,
    summary: 'The back office asks for more, accepts with a correction or rejects with a reason',
    description:
      'An accepted correction settles the dispute when a later imported statement carries a line of that amount for the policy.',
    params: byId,
    body: DisputeDecisionBody,
    bodyLimit: WITH_FILES,
    success: {
      status: 200,
      description: 'the dispute after the decision',
      schema: DisputeAnswer,
      headers: ['alert'],
      alert: 'extranetApp.dispute.updated',
    },
    errors: ['BadRequest', 'NotFound'],
  }),
};
