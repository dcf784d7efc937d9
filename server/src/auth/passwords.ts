/** Password hashing: bcrypt (salted, slow), in pure JavaScript so nothing native is built. */
import bcrypt from 'bcryptjs';

export const DEFAULT_HASH_ROUNDS = 10;

export function hashPassword(password: string, rounds = DEFAULT_HASH_ROUNDS): Promise<string> {
  return bcrypt.hash(password, rounds);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/**
 * A hash of a password nobody knows, compared against when the login does not exist so that
 * a wrong login takes as long as a wrong password (no user enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= bcrypt.hash(`decoy-${Math.random()}`, DEFAULT_HASH_ROUNDS);
  return decoy;
}
