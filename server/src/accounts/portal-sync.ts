/**
 * Reconciles the users table with the insurer's portal directory (a JSON file or URL):
 * missing users are created deactivated with ROLE_USER, changed names, e-mails, broker codes
 * and brands are updated, nobody is deleted, and a second run changes nothing. Entries that
 * are invalid or whose e-mail belongs to another login are reported, not applied.
 */
import { readFile } from 'node:fs/promises';
import type { UserSyncReport } from '@extranet/core/domain/userSync.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/types.ts';
import { randomKey } from './rules.ts';
import { findUserByEmail, findUserByLogin, insertUser, updateUserFields } from './users.ts';

export interface DirectoryEntry {
  readonly login: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string;
  readonly codeCourtier: string | null;
  readonly marque: string | null;
}

/** What a sync did: the same report the clients decode (core's schema). */
export type SyncReport = UserSyncReport;

const LOGIN = /^[_'.@A-Za-z0-9-]{1,50}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalText(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) return undefined;
  return value;
}

/** Validates one raw entry; a string is the reason it was refused. */
export function parseEntry(raw: unknown): DirectoryEntry | string {
  if (!raw || typeof raw !== 'object') return 'not an object';
  const r = raw as Record<string, unknown>;
  if (typeof r.login !== 'string' || !LOGIN.test(r.login)) return 'invalid login';
  if (typeof r.email !== 'string' || r.email.length < 5 || r.email.length > 100 || !EMAIL.test(r.email)) {
    return 'invalid email';
  }
  const firstName = optionalText(r.firstName, 50);
  const lastName = optionalText(r.lastName, 50);
  const codeCourtier = optionalText(r.codeCourtier, 10);
  const marque = optionalText(r.marque, 50);
  if (firstName === undefined || lastName === undefined) return 'invalid name';
  if (codeCourtier === undefined) return 'invalid codeCourtier';
  if (marque === undefined) return 'invalid marque';
  return {
    login: r.login.toLowerCase(),
    firstName,
    lastName,
    email: r.email.toLowerCase(),
    codeCourtier,
    marque,
  };
}

/** Reads the directory: `{users: [...]}` or a bare array, from a file path or an http(s) URL. */
export async function loadDirectory(source: string): Promise<unknown[]> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`the portal directory answered ${response.status}`);
    text = await response.text();
  } else {
    text = await readFile(source, 'utf8');
  }
  const parsed = JSON.parse(text) as unknown;
  const list = Array.isArray(parsed) ? parsed : (parsed as { users?: unknown })?.users;
  if (!Array.isArray(list)) throw new Error('the portal directory holds no user list');
  return list;
}

export async function syncUsers(
  db: Db,
  entries: readonly unknown[],
  by: string,
  hashRounds?: number,
): Promise<SyncReport> {
  const rejected: { login: string; reason: string }[] = [];
  const valid: DirectoryEntry[] = [];
  const seen = new Set<string>();
  for (const raw of entries) {
    const entry = parseEntry(raw);
    const login =
      typeof (raw as { login?: unknown })?.login === 'string' ? (raw as { login: string }).login : '?';
    if (typeof entry === 'string') rejected.push({ login, reason: entry });
    else if (seen.has(entry.login)) rejected.push({ login, reason: 'listed twice' });
    else {
      seen.add(entry.login);
      valid.push(entry);
    }
  }
  // New users get an unusable random password; they set theirs through a reset once activated.
  const placeholderHash = await hashPassword(randomKey() + randomKey(), hashRounds);
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  await db.transaction(async (tx) => {
    for (const entry of valid) {
      const user = await findUserByLogin(tx, entry.login);
      const emailHolder = await findUserByEmail(tx, entry.email);
      if (emailHolder && emailHolder.login !== entry.login) {
        rejected.push({ login: entry.login, reason: `email already used by ${emailHolder.login}` });
        continue;
      }
      if (!user) {
        await insertUser(
          tx,
          {
            ...entry,
            passwordHash: placeholderHash,
            activated: false,
            langKey: 'fr',
            authorities: ['ROLE_USER'],
          },
          by,
        );
        created += 1;
        continue;
      }
      const changes: Record<string, string | null> = {};
      for (const key of ['firstName', 'lastName', 'email', 'codeCourtier', 'marque'] as const) {
        const current = key === 'email' ? (user.email?.toLowerCase() ?? null) : user[key];
        if (current !== entry[key]) changes[key] = entry[key];
      }
      if (Object.keys(changes).length === 0) {
        unchanged += 1;
      } else {
        await updateUserFields(tx, user.id, changes, by);
        updated += 1;
      }
    }
  });
  return { created, updated, unchanged, rejected };
}
