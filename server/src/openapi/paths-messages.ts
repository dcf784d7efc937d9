/** The message to after-sales with attachments. */
import { MAIL_SUBJECTS } from '@extranet/core/domain/message.ts';
import { ALLOWED_EXTENSIONS } from '../messages/file-types.ts';
import { UPLOAD_LIMITS } from '../messages/limits.ts';
import { arrayOf, header, type Json, okJson, operation, ref } from './builders.ts';

const MB = 1024 * 1024;
const ROLES = ['ROLE_ADMIN', 'ROLE_PORTEFEUILLE'];
const LIMITS = `At most ${UPLOAD_LIMITS.maxFiles} files, ${UPLOAD_LIMITS.maxFileBytes / MB} MB each, ${UPLOAD_LIMITS.maxTotalBytes / MB} MB in all; types ${ALLOWED_EXTENSIONS.join(', ')}, checked by content (magic bytes), not only by name. Over a limit, an empty file or a refused type: 400 naming the file, and nothing is sent.`;
const files = {
  type: 'array',
  maxItems: UPLOAD_LIMITS.maxFiles,
  items: { type: 'string', contentMediaType: 'application/octet-stream' },
};

export const MESSAGE_PATHS: Record<string, Json> = {
  '/api/upload': {
    post: operation({
      id: 'uploadFiles',
      tag: 'Messages',
      summary: 'Check files for a message (nothing is kept)',
      roles: ROLES,
      description: LIMITS,
      body: {
        content: {
          'multipart/form-data': { schema: { type: 'object', required: ['files'], properties: { files } } },
        },
      },
      ok: { 200: okJson('the accepted files', arrayOf(ref('UploadedFile'))) },
      errors: ['BadRequest'],
    }),
  },
  '/api/messages': {
    post: operation({
      id: 'sendMessage',
      tag: 'Messages',
      summary: "Mail a message about a policy to the after-sales address of the caller's brand",
      roles: ROLES,
      description: [
        LIMITS,
        "`message` is rich text (HTML), sanitized on the server. `id_police` must be in the caller's scope (else 404, nothing sent).",
        'Each user may send AFTER_SALES_LIMIT_PER_HOUR messages an hour (default 30), then 429 with Retry-After.',
        'When the mail server is unreachable: 503 `mail-unavailable` with `params.kept` true, the message is kept under `DATA_DIR/outbox/pending/` and sent again automatically (at start and every AFTER_SALES_RETRY_SECONDS). A permanent refusal by the mail server: 502.',
        'When the outbox disk is full (no SMTP server configured): 507, nothing sent and nothing kept; the same message goes through once space is freed.',
      ].join('\n\n'),
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['subject', 'message', 'id_police'],
              properties: {
                subject: { type: 'string', enum: [...MAIL_SUBJECTS], description: 'case-insensitive' },
                message: { type: 'string', maxLength: UPLOAD_LIMITS.maxMessageBytes, description: 'HTML' },
                id_police: { type: 'string', pattern: '^\\d{1,15}$' },
                files,
              },
            },
          },
        },
      },
      ok: { 200: okJson('mailed', ref('MessageSent')) },
      errors: ['BadRequest', 'NotFound', 'TooManyRequests', 'BadGateway'],
      extraResponses: {
        503: {
          description: 'mail server unavailable; the message is kept and retried when `params.kept` is true',
          headers: { 'Retry-After': header('seconds until the next retry', { type: 'integer' }) },
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
        507: {
          description: 'the server is out of storage space: nothing sent, nothing kept',
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
      },
    }),
  },
};
