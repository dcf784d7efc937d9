/** The back-office import over HTTP (`extranet import`), the command `npm run import` behind it. */
import { Schema } from 'effect';
import { IMPORT_KINDS, IMPORT_LIMITS, IMPORT_REJECTED_TYPE, ImportReport } from '../domain/importReport.ts';
import { endpoint, FormBody } from './endpoint.ts';

const MB = 1024 * 1024;

const Report = ImportReport.annotations({ identifier: 'ImportReport' });

export const dataImport = {
  run: endpoint({
    id: 'importFiles',
    group: 'Import',
    method: 'POST',
    path: '/api/admin/import',
    summary: 'Import back-office files (policies, insured persons, commissions, statements, PDFs)',
    description: [
      'The same import as `npm run import` (docs/data.md): CSV with `;` or JSON, UTF-8; PDFs named `<idBordereau>.pdf`. Each file is validated and written in one transaction, in order: all or nothing per file.',
      `At most ${IMPORT_LIMITS.maxFiles} files, ${IMPORT_LIMITS.maxFileBytes / MB} MB each, ${IMPORT_LIMITS.maxTotalBytes / MB} MB in all.`,
      'One file answers its report; several answer an array of reports.',
      `A rejected file: 400 of type \`${IMPORT_REJECTED_TYPE}\` with \`params.file\`, \`params.problems\` (\`line\`, \`field\`, \`reason\`) and \`params.imported\` (reports of the files before it, which stay imported); nothing of the rejected file nor of the files after it is written.`,
    ].join('\n\n'),
    access: 'data.import',
    body: FormBody,
    multipart: Schema.Struct({
      kind: Schema.Literal(...IMPORT_KINDS),
      file: Schema.Array(Schema.String).annotations({
        jsonSchema: {
          type: 'array',
          maxItems: IMPORT_LIMITS.maxFiles,
          items: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      }),
    }),
    success: {
      status: 200,
      description: 'the import report (an array of reports for several files)',
      schema: Schema.Union(Report, Schema.Array(Report)),
    },
    errors: ['BadRequest'],
  }),
};
