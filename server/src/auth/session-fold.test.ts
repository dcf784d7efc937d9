/**
 * A list's folded session check confirms the remembered principal only when the row names it
 * exactly: every field of `Principal` (the check's list of fields is typed against it), roles in
 * order; otherwise the request is checked on its own again (plugin.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Principal } from './plugin.ts';
import { CHECK_COLUMN, confirmed, foldedCheck } from './session-fold.ts';

const expected: Principal = {
  id: 7,
  login: 'courtier',
  authorities: ['ROLE_PORTEFEUILLE', 'ROLE_USER'],
  codeCourtier: 'C0001',
  marque: 'M1',
  langKey: 'fr',
  email: 'courtier@demo.extranet.example',
};
const check = foldedCheck({ userId: 7, sessionId: 3, tokenVersion: 1 }, new Date(0), expected);
const lastUsedAt = '2026-11-27T20:00:00.000Z';
const rowOf = (found: object) => ({
  [CHECK_COLUMN]: JSON.stringify({ ...found, lastUsedAt }),
});

/** A value of the same type as `value`, but another. */
const other = (value: unknown): unknown =>
  Array.isArray(value)
    ? [...value].reverse()
    : typeof value === 'number'
      ? value + 1
      : value === null
        ? 'x'
        : null;

describe('confirmed', () => {
  it('confirms the very principal expected, and says when the session was last used', () => {
    expect(confirmed(check, rowOf(expected))).toEqual(new Date(lastUsedAt));
  });

  it('confirms nothing without a row or its check column', () => {
    expect(confirmed(check, undefined)).toBeUndefined();
    expect(confirmed(check, { total: 3 })).toBeUndefined();
  });

  it.each(Object.keys(expected) as (keyof Principal)[])('confirms nothing when %s differs', (field) => {
    expect(confirmed(check, rowOf({ ...expected, [field]: other(expected[field]) }))).toBeUndefined();
  });

  it('confirms nothing on a role more or less', () => {
    const more = { ...expected, authorities: [...expected.authorities, 'ROLE_ADMIN'] };
    expect(confirmed(check, rowOf(more))).toBeUndefined();
    expect(confirmed(check, rowOf({ ...expected, authorities: ['ROLE_USER'] }))).toBeUndefined();
  });
});

describe('foldedCheck', () => {
  it('reads every field of the principal in its statement, with the parameters of the session check', () => {
    for (const field of Object.keys(expected)) expect(check.statement.sql).toContain(`'${field}', `);
    expect(check.statement.params).toEqual([7, 3, new Date(0), 1]);
  });
});
