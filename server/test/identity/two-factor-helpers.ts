/** Shared by the two-factor suites: a movable clock, codes computed like an authenticator app. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/types.ts';
import { codeAt, TOTP_PERIOD } from '../../src/identity/totp.ts';
import { snapshot } from '../security/snapshot.ts';

/** A clock the app reads; tests move it by whole TOTP steps. */
export function movableClock() {
  // The middle of a step, so one step of tolerance is one step either way.
  let now = (Math.floor(Date.now() / 1000 / TOTP_PERIOD) * TOTP_PERIOD + TOTP_PERIOD / 2) * 1000;
  return {
    now: () => now,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    code: (secret: string, stepOffset = 0) => codeAt(secret, now + stepOffset * TOTP_PERIOD * 1000),
  };
}

export const TWO_FACTOR_TABLES = [
  'users',
  'user_two_factor',
  'two_factor_recovery_codes',
  'two_factor_required_roles',
] as const;

export const tables = (db: Db) => snapshot(db, TWO_FACTOR_TABLES);

export interface StartedEnrolment {
  readonly secret: string;
  readonly otpauthUri: string;
  readonly qrCode: string;
  readonly enrolmentToken: string;
  readonly expiresAt: string;
}

export async function signIn(app: FastifyInstance, payload: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/authenticate', payload });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown> & { type?: string },
  };
}

export const problemType = (name: string) => `http://www.jhipster.tech/problem/${name}`;
