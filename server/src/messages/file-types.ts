/**
 * The allow-list of attachment types, checked by content (magic bytes) and by name: a file is
 * accepted only when its extension names an allowed type AND its bytes are of that type, so an
 * executable renamed `photo.png` or an HTML page renamed `invoice.pdf` is refused. The client's
 * declared Content-Type is ignored; the mail carries the type found here.
 */
import { FILE_KINDS, type FileKind } from '@extranet/core/domain/attachments.ts';
import { odfMimetype, zipEntryNames } from './zip.ts';

const BY_EXTENSION: ReadonlyMap<string, FileKind> = new Map(
  (Object.entries(FILE_KINDS) as [FileKind, (typeof FILE_KINDS)[FileKind]][]).flatMap(([kind, def]) =>
    def.extensions.map((ext) => [ext, kind] as const),
  ),
);

const startsWith = (buffer: Buffer, bytes: readonly number[]) =>
  buffer.length >= bytes.length && bytes.every((b, i) => buffer[i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const utf8 = new TextDecoder('utf-8', { fatal: true });

function zipKind(buffer: Buffer): FileKind | null {
  const odf = odfMimetype(buffer);
  if (odf === FILE_KINDS.odt.mime) return 'odt';
  if (odf === FILE_KINDS.ods.mime) return 'ods';
  const names = zipEntryNames(buffer);
  if (!names?.includes('[Content_Types].xml')) return null;
  // Macro-enabled documents are refused even when renamed .docx/.xlsx.
  if (names.some((n) => /vbaProject\.bin$/i.test(n))) return null;
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  return null;
}

/**
 * Plain text: valid UTF-8 without control characters other than tab, line breaks and form
 * feed, and not starting with markup (a browser could sniff that as HTML).
 */
function isPlainText(buffer: Buffer): boolean {
  let text: string;
  try {
    text = utf8.decode(buffer);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/.test(text)) return false;
  return !/^\s*</.test(text.replace(/^\uFEFF/, ''));
}

/** The allowed type `buffer`'s bytes are, or null. */
export function detectKind(buffer: Buffer): FileKind | null {
  if (startsWith(buffer, ascii('%PDF-'))) return 'pdf';
  if (startsWith(buffer, PNG)) return 'png';
  if (startsWith(buffer, JPEG)) return 'jpeg';
  if (startsWith(buffer, ascii('GIF87a')) || startsWith(buffer, ascii('GIF89a'))) return 'gif';
  if (startsWith(buffer, ZIP)) return zipKind(buffer);
  return isPlainText(buffer) ? 'text' : null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export type Classification =
  | { readonly ok: true; readonly kind: FileKind; readonly mime: string }
  | { readonly ok: false; readonly reason: 'extension' | 'content' | 'empty' };

/** Whether a file named `name` holding `buffer` is allowed, and as what. */
export function classifyFile(name: string, buffer: Buffer): Classification {
  if (buffer.length === 0) return { ok: false, reason: 'empty' };
  const expected = BY_EXTENSION.get(extensionOf(name));
  if (!expected) return { ok: false, reason: 'extension' };
  if (detectKind(buffer) !== expected) return { ok: false, reason: 'content' };
  return { ok: true, kind: expected, mime: FILE_KINDS[expected].mime };
}

/**
 * The name the file is listed and mailed under: no folders, no control characters, at most
 * `max` characters (the extension is kept when the name is cut).
 */
export function cleanFileName(raw: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed.
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (base.length <= max) return base;
  const ext = extensionOf(base);
  const keep = ext && ext.length < 16 ? `.${ext}` : '';
  return `${base.slice(0, max - keep.length)}${keep}`;
}
