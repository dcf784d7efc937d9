/** The message to after-sales about a policy, with attachments (docs/product.md §2 "Message form"). */
import { Schema } from 'effect';
import { ALLOWED_EXTENSIONS, UPLOAD_LIMITS } from '../domain/attachments.ts';
import { MAIL_SUBJECTS, UploadedFile } from '../domain/message.ts';
import { endpoint, FormBody } from './endpoint.ts';

const MB = 1024 * 1024;
const common = { group: 'Messages', access: 'messages.send', method: 'POST', body: FormBody } as const;
const LIMITS = `At most ${UPLOAD_LIMITS.maxFiles} files, ${UPLOAD_LIMITS.maxFileBytes / MB} MB each, ${UPLOAD_LIMITS.maxTotalBytes / MB} MB in all; types ${ALLOWED_EXTENSIONS.join(', ')}, checked by content (magic bytes), not only by name. Over a limit, an empty file or a refused type: 400 naming the file, and nothing is sent.`;

/** The files of the form: one part each, under the same name. */
const files = Schema.Array(Schema.String).annotations({
  jsonSchema: {
    type: 'array',
    maxItems: UPLOAD_LIMITS.maxFiles,
    items: { type: 'string', contentMediaType: 'application/octet-stream' },
  },
});

const Uploaded = UploadedFile.annotations({ identifier: 'UploadedFile' });

/** What a sent message answers. */
const MessageSent = Schema.Struct({
  subject: Schema.String,
  idPolice: Schema.Number,
  attachments: Schema.Array(Uploaded),
}).annotations({ identifier: 'MessageSent' });

export const messages = {
  upload: endpoint({
    ...common,
    id: 'uploadFiles',
    path: '/api/upload',
    summary: 'Check files for a message (nothing is kept)',
    description: LIMITS,
    multipart: Schema.Struct({ files }),
    success: { status: 200, description: 'the accepted files', schema: Schema.Array(Uploaded) },
    errors: ['BadRequest'],
  }),
  send: endpoint({
    ...common,
    id: 'sendMessage',
    path: '/api/messages',
    summary: "Mail a message about a policy to the after-sales address of the caller's brand",
    description: [
      LIMITS,
      "`message` is rich text (HTML), sanitized on the server. `id_police` must be in the caller's scope (else 404, nothing sent).",
      'Each user may send AFTER_SALES_LIMIT_PER_HOUR messages an hour (default 30), then 429 with Retry-After.',
      'When the mail server is unreachable: 503 `mail-unavailable` with `params.kept` true and Retry-After (seconds until the next retry), the message is kept under `DATA_DIR/outbox/pending/` and sent again automatically (at start and every AFTER_SALES_RETRY_SECONDS). A permanent refusal by the mail server: 502.',
      'When the outbox disk is full (no SMTP server configured): 507, nothing sent and nothing kept; the same message goes through once space is freed.',
    ].join('\n\n'),
    multipart: Schema.Struct({
      subject: Schema.Literal(...MAIL_SUBJECTS).annotations({ description: 'case-insensitive' }),
      message: Schema.String.pipe(Schema.maxLength(UPLOAD_LIMITS.maxMessageBytes)).annotations({
        description: 'HTML',
      }),
      id_police: Schema.String.pipe(Schema.pattern(/^\d{1,15}$/)).annotations({
        description: 'policy number',
      }),
      files: Schema.optional(files),
    }),
    success: { status: 200, description: 'mailed', schema: MessageSent },
    errors: [
      'BadRequest',
      'NotFound',
      'TooManyRequests',
      'BadGateway',
      'ServiceUnavailable',
      'InsufficientStorage',
    ],
  }),
};
