import { Effect } from 'effect';
import { DecodeError } from './errors.ts';
import { type ApiRequest, send } from './request.ts';

/** A downloaded file: its bytes and the name the server gave it. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string;
}

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

/** GETs a binary response (PDF, CSV) as a blob named from `Content-Disposition`. */
export const downloadFile = (req: ApiRequest & { readonly fallbackName: string }) =>
  Effect.gen(function* () {
    const response = yield* send({ accept: '*/*', ...req });
    const bytes = yield* response.arrayBuffer.pipe(
      Effect.mapError((cause) => new DecodeError({ url: response.request.url, message: String(cause) })),
    );
    const file: DownloadedFile = {
      blob: new Blob([bytes], { type: response.headers['content-type'] ?? 'application/octet-stream' }),
      fileName: fileNameFromDisposition(response.headers['content-disposition'], req.fallbackName),
    };
    return file;
  });
