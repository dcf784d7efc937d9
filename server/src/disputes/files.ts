/**
 * The files of a dispute step, sent in the JSON as base64, checked by the after-sales upload
 * rules (messages/README.md): count, size of each and of all, type by name and by content. A
 * breach is a 400 naming `attachments[i]` and the file; nothing of the step is kept then.
 */
import { ALLOWED_EXTENSIONS, UPLOAD_LIMITS } from '@extranet/core/domain/attachments.ts';
import { classifyFile, cleanFileName } from '../messages/file-types.ts';
import { UPLOAD_RULES } from '../messages/read-form.ts';
import { invalidField } from './problems.ts';

export interface DisputeFileIn {
  readonly name: string;
  readonly content: string;
}

export interface CheckedAttachment {
  readonly name: string;
  readonly mime: string;
  readonly content: Buffer;
}

const FIELD = 'attachments';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const mib = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

export function checkedAttachments(files: readonly DisputeFileIn[] | undefined): CheckedAttachment[] {
  if (files === undefined) return [];
  if (files.length > UPLOAD_LIMITS.maxFiles)
    throw invalidField(FIELD, 'Size', `At most ${UPLOAD_LIMITS.maxFiles} files`, {
      ...UPLOAD_RULES,
      limit: UPLOAD_LIMITS.maxFiles,
    });
  let total = 0;
  return files.map((file, index) => {
    const field = `${FIELD}[${index}]`;
    const name = cleanFileName(file.name, UPLOAD_LIMITS.maxNameLength);
    const text = file.content.replace(/\s+/g, '');
    if (!BASE64.test(text) || text.length % 4 !== 0)
      throw invalidField(field, 'Base64', `${name || 'A file'}: its content is not base64`, {
        ...UPLOAD_RULES,
        name,
      });
    const content = Buffer.from(text, 'base64');
    total += content.length;
    if (content.length > UPLOAD_LIMITS.maxFileBytes)
      throw invalidField(field, 'Size', `${name} exceeds ${mib(UPLOAD_LIMITS.maxFileBytes)}`, {
        ...UPLOAD_RULES,
        name,
        limit: UPLOAD_LIMITS.maxFileBytes,
      });
    if (total > UPLOAD_LIMITS.maxTotalBytes)
      throw invalidField(FIELD, 'Size', `The files exceed ${mib(UPLOAD_LIMITS.maxTotalBytes)} in all`, {
        ...UPLOAD_RULES,
        limit: UPLOAD_LIMITS.maxTotalBytes,
      });
    const checked = classifyFile(name, content);
    if (!checked.ok) {
      const detail =
        checked.reason === 'empty'
          ? `${name || 'A file'} is empty`
          : checked.reason === 'extension'
            ? `${name || 'A file without a name'} is not an allowed type (${ALLOWED_EXTENSIONS.join(', ')})`
            : `${name}: its content is not what its name says`;
      throw invalidField(field, checked.reason === 'empty' ? 'NotEmpty' : 'FileType', detail, {
        ...UPLOAD_RULES,
        name,
      });
    }
    return { name, mime: checked.mime, content };
  });
}
