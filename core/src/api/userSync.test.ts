import { Either } from 'effect';
import { describe, expect, it } from 'vitest';
import { jsonResponse, runFake } from '../testing/fakeHttp.ts';
import { userApi } from './userApi.ts';

describe('user sync', () => {
  it('reads the report of the portal sync, with no rejected entry when none is listed', async () => {
    const { seen, value } = await runFake(userApi.sync(), () =>
      jsonResponse({
        created: 2,
        updated: 1,
        unchanged: 5,
        rejected: [{ login: 'x y', reason: 'bad login' }],
      }),
    );
    expect(seen[0]?.url.pathname).toBe('/api/portail_user/sync');
    expect(value).toEqual({
      created: 2,
      updated: 1,
      unchanged: 5,
      rejected: [{ login: 'x y', reason: 'bad login' }],
    });
    const bare = await runFake(userApi.sync(), () => jsonResponse({ created: 0, updated: 0, unchanged: 3 }));
    expect(bare.value?.rejected).toEqual([]);
  });

  it('fails on a body that is not a report', async () => {
    const { result } = await runFake(userApi.sync(), () => jsonResponse({ created: 'two' }));
    expect(Either.isLeft(result) && result.left._tag).toBe('DecodeError');
  });
});
