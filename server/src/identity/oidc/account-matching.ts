/**
 * Which account a provider's user signs in to: the one whose login is the ID token's
 * `preferred_username`, else the one whose e-mail is its `email` when the provider says that
 * address is verified (an unverified address could be anybody's). With OIDC_CREATE_USERS an
 * unknown user gets an activated account with the least role, ROLE_USER; an administrator
 * grants more. The account's password is random and never told: it signs in by SSO or after a
 * password reset.
 */
import { randomBytes } from 'node:crypto';
import { LOGIN_PATTERN } from '@extranet/core/rules/accountRules.ts';
import {
  findUserByEmail,
  findUserByLogin,
  insertUser,
  type UserRecord,
  uniqueViolation,
} from '../../accounts/users.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Queryable } from '../../db/types.ts';
import type { IdentityClaims } from './relying-party.ts';

/** The role of an account created at its first SSO sign-in. */
export const CREATED_USER_ROLE = 'ROLE_USER';

export type Match =
  | { readonly kind: 'found'; readonly user: UserRecord; readonly by: 'login' | 'email' | 'created' }
  | { readonly kind: 'unknown'; readonly detail: string };

const usableLogin = (value: string | undefined) =>
  value !== undefined && value.length <= 50 && LOGIN_PATTERN.test(value) ? value.toLowerCase() : undefined;

export async function matchAccount(
  db: Queryable,
  claims: IdentityClaims,
  createUsers: boolean,
  hashRounds?: number,
): Promise<Match> {
  const login = usableLogin(claims.preferredUsername);
  const byLogin = login ? await findUserByLogin(db, login) : undefined;
  if (byLogin) return { kind: 'found', user: byLogin, by: 'login' };
  const email = claims.emailVerified && claims.email && claims.email.length <= 100 ? claims.email : undefined;
  const byEmail = email ? await findUserByEmail(db, email) : undefined;
  if (byEmail) return { kind: 'found', user: byEmail, by: 'email' };
  const who = `${claims.preferredUsername ?? '-'} / ${claims.email ?? '-'}${claims.emailVerified ? '' : ' (unverified)'}`;
  if (!createUsers) return { kind: 'unknown', detail: `No account for ${who}` };
  const newLogin = login ?? usableLogin(email);
  if (!newLogin) return { kind: 'unknown', detail: `No usable login to create an account for ${who}` };
  try {
    const user = await insertUser(
      db,
      {
        login: newLogin,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url'), hashRounds),
        firstName: claims.givenName?.slice(0, 50) ?? null,
        lastName: claims.familyName?.slice(0, 50) ?? null,
        email: email ?? null,
        activated: true,
        langKey: claims.locale?.toLowerCase().startsWith('en') ? 'en' : 'fr',
        authorities: [CREATED_USER_ROLE],
      },
      'sso',
    );
    return { kind: 'found', user, by: 'created' };
  } catch (error) {
    // An e-mail already held by another account that the provider did not verify.
    if (uniqueViolation(error)) return { kind: 'unknown', detail: `Cannot create ${newLogin}: already used` };
    throw error;
  }
}
