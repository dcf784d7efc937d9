import { Either, Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { Amount } from './fields.ts';
import { toHealth } from './management.ts';
import { parseDecimalCents, sumCents, toCents } from './money.ts';
import { Policy } from './policy.ts';
import { RecapLine } from './statement.ts';
import { TimelineEvent } from './timeline.ts';
import { User } from './user.ts';

const decode = <A, I>(schema: Schema.Schema<A, I>, value: unknown) =>
  Schema.decodeUnknownEither(schema)(value);

describe('domain schemas', () => {
  it('decodes a policy whose hidden columns are absent as nulls', () => {
    const result = decode(Policy, {
      id: 1,
      idPolice: 1001,
      police: 'P-1',
      cotisationTtc: 123.45,
      dateEffet: '2024-01-01',
      courtier: null,
    });
    expect(Either.isRight(result)).toBe(true);
    const policy = Either.getOrThrow(result);
    expect(policy.montantCommissionTotale).toBeNull();
    expect(policy.email).toBeNull();
    expect(policy.cotisationTtc).toBe(123.45);
  });

  it('rejects an amount with more than two decimals and a malformed date', () => {
    expect(Either.isLeft(decode(Amount, 1.234))).toBe(true);
    expect(Either.isLeft(decode(Policy, { id: 1, idPolice: 2, dateEffet: '01/02/2024' }))).toBe(true);
    expect(Either.isLeft(decode(RecapLine, { commission: 'X', montant: '12.50', ordre: 1 }))).toBe(true);
  });

  it('decodes timeline events and users', () => {
    expect(
      Either.isRight(
        decode(TimelineEvent, { id: 1, time: '2024-03-01T09:30:00.000Z', typeMessage: 'AFN', idPolice: 3 }),
      ),
    ).toBe(true);
    expect(
      Either.isLeft(decode(TimelineEvent, { id: 1, time: '2024-03-01T09:30:00Z', typeMessage: 'XXX' })),
    ).toBe(true);
    const user = decode(User, { id: 1, login: 'admin', authorities: ['ROLE_ADMIN'], marque: 'UCR' });
    expect(Either.getOrThrow(user).activated).toBe(false);
  });
});

describe('money', () => {
  it('sums in cents, not floats', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumCents([0.1, 0.2])).toBe(30);
    expect(sumCents([1234.56, -0.01, null, 19.99])).toBe(125454);
    expect(toCents(12.34)).toBe(1234);
  });

  it('parses decimal strings as sent in X-Total-Amount', () => {
    expect(parseDecimalCents('300.30')).toBe(30030);
    expect(parseDecimalCents('-5.5')).toBe(-550);
    expect(parseDecimalCents('12')).toBe(1200);
    expect(parseDecimalCents('1,5')).toBeUndefined();
  });
});

describe('health', () => {
  it('flattens the 4.x body into rows with details and error', () => {
    const health = toHealth({
      status: 'DOWN',
      db: { status: 'DOWN', error: 'timeout', database: 'PostgreSQL' },
      diskSpace: { status: 'UP', total: 10, free: 5 },
    });
    expect(health.status).toBe('DOWN');
    expect(health.items).toEqual([
      { name: 'db', status: 'DOWN', details: { database: 'PostgreSQL' }, error: 'timeout' },
      { name: 'diskSpace', status: 'UP', details: { total: 10, free: 5 }, error: null },
    ]);
  });
});
