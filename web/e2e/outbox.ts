import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** Soft line breaks and `=XX` escapes of a quoted-printable body. */
const unquote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The key of the newest mailed link of `kind` sent to `to`, read from the e2e server's file
 * outbox (no SMTP is configured, so every mail lands in `DATA_DIR/outbox/*.eml`).
 */
export const mailedKey = (to: string, kind: 'activate' | 'reset/finish'): string | undefined => {
  const dir = join(inject('dataDir'), 'outbox');
  if (!existsSync(dir)) return undefined;
  const pattern = new RegExp(`#/${kind.replace('/', '\\/')}\\?key=(\\d+)`);
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const text = unquote(readFileSync(join(dir, file), 'utf8'));
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
    const match = pattern.exec(text);
    if (match?.[1] !== undefined) return match[1];
  }
  return undefined;
};
