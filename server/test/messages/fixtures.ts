/**
 * Test material for the message routes: multipart bodies built by hand (so each byte of each
 * part is under the test's control) and small but real files of every allowed type.
 */
import { crc32 } from 'node:zlib';

export type Part =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly content: Buffer; readonly type?: string };

const BOUNDARY = '----extranet-test-boundary-7f3a9c';

export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`),
        Buffer.from(part.value, 'utf8'),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

export const file = (filename: string, content: Buffer | string, type?: string): Part => ({
  name: 'files',
  filename,
  content: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
  ...(type ? { type } : {}),
});

/** A ZIP archive of stored (uncompressed) entries, with its central directory. */
export function zip(entries: readonly { name: string; content: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** One small file of each allowed type, under a fitting name. */
export const SAMPLES = {
  'attestation.pdf': Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  'carte.png': Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(24),
  ]),
  'photo.jpg': Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.alloc(16),
    Buffer.from([0xff, 0xd9]),
  ]),
  'scan.jpeg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), Buffer.alloc(16)]),
  'logo.gif': Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(10)]),
  'courrier.docx': zip([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: 'word/document.xml', content: '<w:document/>' },
  ]),
  'tableau.xlsx': zip([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: 'xl/workbook.xml', content: '<workbook/>' },
  ]),
  'lettre.odt': zip([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' },
    { name: 'content.xml', content: '<office:document-content/>' },
  ]),
  'calcul.ods': zip([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.spreadsheet' },
    { name: 'content.xml', content: '<office:document-content/>' },
  ]),
  'note.txt': Buffer.from('Bonjour,\r\nvoici le RIB demandé.\n\tMerci — Claire\n', 'utf8'),
} as const;

/** Files whose name promises an allowed type their bytes are not, or of a refused type. */
export const HOSTILE: readonly [string, Buffer][] = [
  ['invoice.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
  ['photo.png', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])],
  ['scan.jpg', Buffer.from('#!/bin/sh\nrm -rf /\n')],
  ['logo.gif', Buffer.from('%PDF-1.4\n%%EOF\n')],
  ['page.txt', Buffer.from('  <!DOCTYPE html><html><body onload="x()">')],
  ['binary.txt', Buffer.from([0x48, 0x00, 0x49])],
  ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
  [
    'macro.docx',
    zip([
      { name: '[Content_Types].xml', content: CONTENT_TYPES },
      { name: 'word/document.xml', content: '<w:document/>' },
      { name: 'word/vbaProject.bin', content: 'macro' },
    ]),
  ],
  ['archive.docx', zip([{ name: 'evil.exe', content: 'MZ' }])],
  ['sheet.xlsx', zip([{ name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' }])],
  ['program.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00])],
  ['page.html', Buffer.from('hello')],
  ['image.svg', Buffer.from('hello')],
  ['archive.zip', zip([{ name: 'a.txt', content: 'a' }])],
  ['no-extension', Buffer.from('hello')],
];

/** A valid PDF of exactly `bytes` bytes. */
export function pdfOfSize(bytes: number): Buffer {
  const header = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([header, Buffer.alloc(bytes - header.length, 0x20)]);
}
