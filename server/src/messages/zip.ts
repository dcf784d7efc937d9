/**
 * Just enough of the ZIP format to tell office documents apart: the entry names from the
 * central directory, and the stored `mimetype` entry OpenDocument files start with. Nothing
 * is decompressed, so a zip bomb costs nothing here.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** End-of-central-directory record: 22 bytes plus a comment of up to 65535 bytes. */
const EOCD_MAX_SEARCH = 22 + 0xffff;
const MAX_ENTRIES = 10_000;

/** The entry names of a ZIP archive, or null when its directory cannot be read. */
export function zipEntryNames(buffer: Buffer): string[] | null {
  const start = Math.max(0, buffer.length - EOCD_MAX_SEARCH);
  let eocd = -1;
  for (let i = buffer.length - 22; i >= start; i--) {
    if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES) return null;
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return null;
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > buffer.length) return null;
    names.push(buffer.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * The content of a first entry named `mimetype` stored uncompressed, as OpenDocument requires
 * (ODF 1.2 part 3 §3.3), or null.
 */
export function odfMimetype(buffer: Buffer): string | null {
  if (buffer.length < 30 || buffer.readUInt32LE(0) !== LOCAL_SIGNATURE) return null;
  const method = buffer.readUInt16LE(8);
  const size = buffer.readUInt32LE(18);
  const nameLength = buffer.readUInt16LE(26);
  const extraLength = buffer.readUInt16LE(28);
  if (method !== 0 || size > 200) return null;
  if (buffer.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return null;
  const start = 30 + nameLength + extraLength;
  if (start + size > buffer.length) return null;
  return buffer.toString('latin1', start, start + size);
}
