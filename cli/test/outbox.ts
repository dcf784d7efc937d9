/** Mailed links of the test server: no SMTP is configured, so each mail is a file in `DATA_DIR/outbox`. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './server.ts';

const mails = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.eml')) : [];

/** Asks for a password reset of `email` through the API and returns the key its mail links to. */
export const mailedResetKey = async (server: TestServer, email: string): Promise<string> => {
  const dir = join(server.running.config.dataDir, 'outbox');
  const before = new Set(mails(dir));
  const response = await fetch(new URL('api/account/reset-password/init', server.url), {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: email,
  });
  if (!response.ok) throw new Error(`reset request of ${email}: ${response.status}`);
  for (const file of mails(dir).filter((name) => !before.has(name))) {
    // Quoted-printable: soft line breaks, `=` written `=3D`.
    const text = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '');
    if (!text.includes(email)) continue;
    const key = /reset\/finish\?key(?:=3D|=)(\d+)/.exec(text)?.[1];
    if (key !== undefined) return key;
  }
  throw new Error(`no reset mail for ${email}`);
};
