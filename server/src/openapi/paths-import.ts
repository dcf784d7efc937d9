/** The back-office import over HTTP (`extranet import`), the command `npm run import` behind it. */
import { IMPORT_KINDS } from '../data/import/kinds.ts';
import { IMPORT_LIMITS, IMPORT_REJECTED_TYPE } from '../data/import/routes.ts';
import { arrayOf, type Json, okJson, operation, ref } from './builders.ts';

const MB = 1024 * 1024;

export const IMPORT_PATHS: Record<string, Json> = {
  '/api/admin/import': {
    post: operation({
      id: 'importFiles',
      tag: 'Import',
      summary: 'Import back-office files (policies, insured persons, commissions, statements, PDFs)',
      roles: ['ROLE_ADMIN'],
      description: [
        'The same import as `npm run import` (docs/data.md): CSV with `;` or JSON, UTF-8; PDFs named `<idBordereau>.pdf`. Each file is validated and written in one transaction, in order: all or nothing per file.',
        `At most ${IMPORT_LIMITS.maxFiles} files, ${IMPORT_LIMITS.maxFileBytes / MB} MB each, ${IMPORT_LIMITS.maxTotalBytes / MB} MB in all.`,
        'One file answers its report; several answer an array of reports.',
        `A rejected file: 400 of type \`${IMPORT_REJECTED_TYPE}\` with \`params.file\`, \`params.problems\` (\`line\`, \`field\`, \`reason\`) and \`params.imported\` (reports of the files before it, which stay imported); nothing of the rejected file nor of the files after it is written.`,
      ].join('\n\n'),
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['kind', 'file'],
              properties: {
                kind: { type: 'string', enum: [...IMPORT_KINDS] },
                file: {
                  type: 'array',
                  maxItems: IMPORT_LIMITS.maxFiles,
                  items: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              },
            },
          },
        },
      },
      ok: {
        200: okJson('the import report (an array of reports for several files)', {
          oneOf: [ref('ImportReport'), arrayOf(ref('ImportReport'))],
        }),
      },
      errors: ['BadRequest'],
    }),
  },
};

export const IMPORT_SCHEMAS: Record<string, Json> = {
  ImportReport: {
    type: 'object',
    required: ['kind', 'file', 'rows', 'inserted', 'updated', 'unchanged', 'events'],
    properties: {
      kind: { type: 'string', enum: [...IMPORT_KINDS] },
      file: { type: 'string' },
      rows: { type: 'integer' },
      inserted: { type: 'integer' },
      updated: { type: 'integer' },
      unchanged: { type: 'integer' },
      events: { type: 'integer', description: 'timeline events added because policies changed' },
    },
  },
};
