/**
 * What an after-sales message (and a dispute's thread) may carry: the types of attachment the
 * server accepts, each checked by content on the server (server/src/messages/file-types.ts), and
 * the limits that bound what one request may make the server hold in memory, since attachments
 * are read whole before anything is mailed.
 */
export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'], label: 'PDF' },
  png: { mime: 'image/png', extensions: ['png'], label: 'PNG image' },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG image' },
  gif: { mime: 'image/gif', extensions: ['gif'], label: 'GIF image' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    label: 'Word document',
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    label: 'Excel workbook',
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'], label: 'OpenDocument text' },
  ods: {
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods'],
    label: 'OpenDocument spreadsheet',
  },
  text: { mime: 'text/plain; charset=utf-8', extensions: ['txt'], label: 'plain text (UTF-8)' },
} as const;

export type FileKind = keyof typeof FILE_KINDS;

/** Every allowed extension, for messages and documentation. */
export const ALLOWED_EXTENSIONS: readonly string[] = Object.values(FILE_KINDS).flatMap(
  (kind) => kind.extensions,
);

const MIB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Files in one request. */
  maxFiles: 10,
  /** Bytes of one file (10 MiB). */
  maxFileBytes: 10 * MIB,
  /** Bytes of all the files of one request (25 MiB). */
  maxTotalBytes: 25 * MIB,
  /** Characters of a file name kept (longer names are cut, keeping the extension). */
  maxNameLength: 200,
  /** Bytes of the rich-text body as sent. */
  maxMessageBytes: 200 * 1024,
} as const;
