/**
 * Reads a multipart request into text fields and checked files, enforcing the upload limits
 * while the bytes arrive (so an oversized request is refused before it is held whole) and the
 * type allow-list on each file. Any breach is a 400 problem; the caller then sends nothing.
 */
import { ALLOWED_EXTENSIONS, UPLOAD_LIMITS } from '@extranet/core/domain/attachments.ts';
import type { FastifyRequest } from 'fastify';
import { pathOf } from '../http/error-handler.ts';
import { Problem, problems } from '../http/problems.ts';
import { classifyFile, cleanFileName } from './file-types.ts';
import { invalid } from './problems.ts';

export interface CheckedFile {
  readonly name: string;
  readonly size: number;
  readonly mime: string;
  readonly content: Buffer;
}

export interface Form {
  readonly fields: ReadonlyMap<string, string>;
  readonly files: readonly CheckedFile[];
}

const FILES_FIELD = 'files';
const mib = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/**
 * What a refused file is measured against, in every `files` problem's params, so the form can
 * say which types and sizes are allowed (the server is the one that knows).
 */
export const UPLOAD_RULES = {
  allowed: ALLOWED_EXTENSIONS,
  maxFiles: UPLOAD_LIMITS.maxFiles,
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  maxTotalBytes: UPLOAD_LIMITS.maxTotalBytes,
} as const;

/** Errors of @fastify/multipart and busboy that mean a malformed or over-limit request. */
function multipartProblem(error: unknown, path: string): Problem | undefined {
  if (error instanceof Problem) return error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'FST_FILES_LIMIT':
      return invalid(FILES_FIELD, 'Size', `At most ${UPLOAD_LIMITS.maxFiles} files`, path);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return problems.badRequest('Too many form fields', path);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return problems.badRequest('Invalid form field', path);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return problems.badRequest('A multipart/form-data body is expected', path);
    case 'FST_MP_PREMATURE_CLOSE':
      return problems.badRequest('The request ended before the form was complete', path);
    default:
      return /multipart|part|boundary|form/i.test(message) && !code
        ? problems.badRequest(`Malformed multipart body: ${message}`, path)
        : undefined;
  }
}

/** Reads `request`; `textFields` are the only field names allowed besides `files`. */
export async function readForm(request: FastifyRequest, textFields: readonly string[]): Promise<Form> {
  const path = pathOf(request);
  if (!request.isMultipart()) throw problems.badRequest('A multipart/form-data body is expected', path);
  const fields = new Map<string, string>();
  const files: CheckedFile[] = [];
  let total = 0;
  const parts = request.parts({
    limits: {
      // One more than allowed, so the extra file is seen and named in the answer.
      files: UPLOAD_LIMITS.maxFiles + 1,
      fileSize: UPLOAD_LIMITS.maxFileBytes,
      fields: textFields.length + 1,
      fieldSize: UPLOAD_LIMITS.maxMessageBytes,
      parts: UPLOAD_LIMITS.maxFiles + textFields.length + 2,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!textFields.includes(part.fieldname)) {
          throw invalid(part.fieldname, 'UnknownField', `Unknown form field ${part.fieldname}`, path);
        }
        if (fields.has(part.fieldname)) {
          throw invalid(part.fieldname, 'Duplicate', `Form field ${part.fieldname} is given twice`, path);
        }
        if (part.valueTruncated) {
          throw invalid(part.fieldname, 'Size', `Form field ${part.fieldname} is too long`, path);
        }
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== FILES_FIELD) {
        throw invalid(part.fieldname, 'UnknownField', `Files go in the form field "${FILES_FIELD}"`, path);
      }
      const index = files.length;
      const name = cleanFileName(part.filename ?? '', UPLOAD_LIMITS.maxNameLength);
      const field = `${FILES_FIELD}[${index}]`;
      if (index >= UPLOAD_LIMITS.maxFiles) {
        throw invalid(FILES_FIELD, 'Size', `At most ${UPLOAD_LIMITS.maxFiles} files`, path, {
          ...UPLOAD_RULES,
          limit: UPLOAD_LIMITS.maxFiles,
        });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (total > UPLOAD_LIMITS.maxTotalBytes) {
          throw invalid(
            FILES_FIELD,
            'Size',
            `The files exceed ${mib(UPLOAD_LIMITS.maxTotalBytes)} in all`,
            path,
            { ...UPLOAD_RULES, limit: UPLOAD_LIMITS.maxTotalBytes },
          );
        }
        chunks.push(chunk);
      }
      if (part.file.truncated) {
        throw invalid(field, 'Size', `${name} exceeds ${mib(UPLOAD_LIMITS.maxFileBytes)}`, path, {
          ...UPLOAD_RULES,
          name,
          limit: UPLOAD_LIMITS.maxFileBytes,
        });
      }
      const content = Buffer.concat(chunks, size);
      const checked = classifyFile(name, content);
      if (!checked.ok) {
        const detail =
          checked.reason === 'empty'
            ? `${name || 'A file'} is empty`
            : checked.reason === 'extension'
              ? `${name || 'A file without a name'} is not an allowed type (${ALLOWED_EXTENSIONS.join(', ')})`
              : `${name}: its content is not what its name says`;
        throw invalid(field, checked.reason === 'empty' ? 'NotEmpty' : 'FileType', detail, path, {
          ...UPLOAD_RULES,
          name,
        });
      }
      files.push({ name, size, mime: checked.mime, content });
    }
  } catch (error) {
    throw multipartProblem(error, path) ?? error;
  }
  return { fields, files };
}
