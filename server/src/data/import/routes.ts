/**
 * `POST /api/admin/import` (ROLE_ADMIN): the back-office import of `npm run import` over HTTP,
 * for `extranet import` without `--local`. Multipart `kind` and one or more `file` parts; each
 * file is validated and written in its own transaction (all or nothing per file), in order.
 * One file answers its report, several an array of reports. The first rejected file stops the
 * request with a 400 naming its problems (line, field, reason); nothing of it was written, and
 * the files before it (listed in `params.imported`) stay imported, as with the command.
 */
import { dataImport } from '@extranet/core/contract/dataImport.ts';
import { IMPORT_LIMITS, IMPORT_REJECTED_TYPE } from '@extranet/core/domain/importReport.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../contract/route.ts';
import type { Db } from '../../db/types.ts';
import { pathOf } from '../../http/error-handler.ts';
import { Problem, problems } from '../../http/problems.ts';
import { IMPORT_KINDS, type ImportKind, ImportRejected, type ImportReport, importFile } from './index.ts';

const MIB = 1024 * 1024;

interface Upload {
  readonly name: string;
  readonly content: Buffer;
}

const mib = (bytes: number) => `${bytes / MIB} MB`;

/** The last path segment of a client file name, without control characters. */
const cleanName = (raw: string): string =>
  (raw.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 200);

async function readImportForm(request: FastifyRequest): Promise<{ kind: ImportKind; files: Upload[] }> {
  const path = pathOf(request);
  if (!request.isMultipart()) throw problems.badRequest('A multipart/form-data body is expected', path);
  let kind: string | undefined;
  const files: Upload[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: {
        files: IMPORT_LIMITS.maxFiles + 1,
        fileSize: IMPORT_LIMITS.maxFileBytes,
        fields: 2,
        fieldSize: 100,
        parts: IMPORT_LIMITS.maxFiles + 3,
      },
    })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'kind' || kind !== undefined) {
          throw problems.badRequest(`Unexpected form field ${part.fieldname}`, path);
        }
        kind = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw problems.badRequest('Files go in the form field "file"', path);
      if (files.length >= IMPORT_LIMITS.maxFiles) {
        throw problems.badRequest(`At most ${IMPORT_LIMITS.maxFiles} files`, path);
      }
      const name = cleanName(part.filename ?? '');
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > IMPORT_LIMITS.maxTotalBytes) {
          throw problems.badRequest(`The files exceed ${mib(IMPORT_LIMITS.maxTotalBytes)} in all`, path);
        }
        chunks.push(chunk);
      }
      if (part.file.truncated) {
        throw problems.badRequest(`${name} exceeds ${mib(IMPORT_LIMITS.maxFileBytes)}`, path);
      }
      if (!name) throw problems.badRequest('Each file needs a name', path);
      files.push({ name, content: Buffer.concat(chunks) });
    }
  } catch (error) {
    if (error instanceof Problem) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_')) throw problems.badRequest('Malformed or oversized multipart body', path);
    throw error;
  }
  if (kind === undefined || !(IMPORT_KINDS as readonly string[]).includes(kind)) {
    throw problems.badRequest(`kind must be one of ${IMPORT_KINDS.join(', ')}`, path);
  }
  if (files.length === 0)
    throw problems.badRequest('At least one file is required (form field "file")', path);
  return { kind: kind as ImportKind, files };
}

function rejected(error: ImportRejected, file: string, imported: readonly ImportReport[], path: string) {
  return new Problem({
    type: IMPORT_REJECTED_TYPE,
    title: 'Bad Request',
    status: 400,
    detail: error.message,
    path,
    message: 'error.import.rejected',
    params: { file, problems: error.problems, imported },
  });
}

async function routes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  // Multipart is registered in this plugin's scope only, like the message routes.
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxFileBytes } });
  route(app, dataImport.run, async (_, request) => {
    const path = pathOf(request);
    const { kind, files } = await readImportForm(request);
    const reports: ImportReport[] = [];
    for (const file of files) {
      try {
        const report = await importFile(options.db, kind, file.name, file.content, {
          onProgress: ({ written, total }) =>
            request.log.info({ file: file.name, kind, written, total }, 'import progress'),
        });
        app.counters?.imported(kind, report.rows);
        reports.push(report);
      } catch (error) {
        if (error instanceof ImportRejected) {
          app.counters?.importRejected(kind);
          throw rejected(error, file.name, reports, path);
        }
        throw error;
      }
    }
    return reports.length === 1 ? reports[0] : reports;
  });
}

/** Its own scope (multipart stays inside), after the auth and error-handler plugins. */
export const importRoutes = fp(routes, {
  name: 'import',
  dependencies: ['auth', 'error-handler'],
  encapsulate: true,
});
