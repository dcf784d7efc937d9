/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first, then
 * `filename="…"`, else the fallback.
 */
export const fileNameFromDisposition = (header: string | undefined, fallback: string): string => {
  if (header === undefined) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2] !== undefined) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name === undefined || name === '' ? fallback : name;
};
