/**
 * Limits of the message to after-sales: they bound what one request may make
 * the server hold in memory, since attachments are read whole before anything is mailed.
 */
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

/** The text fields `POST /api/messages` accepts besides `files`. */
export const MESSAGE_FIELDS = ['subject', 'message', 'id_police'] as const;
