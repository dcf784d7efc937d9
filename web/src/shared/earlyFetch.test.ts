import { describe, expect, it, vi } from 'vitest';
import { earlyFetch } from './earlyFetch.ts';

const answering = () => {
  const calls: [string, RequestInit | undefined][] = [];
  const platform = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([String(input), init]);
    return new Response(`answer ${calls.length}`);
  });
  return { calls, platform: platform as unknown as typeof globalThis.fetch };
};

describe('earlyFetch', () => {
  it('a GET asked for early is sent once, with the token, and its answer serves the next GET of that URL', async () => {
    const { calls, platform } = answering();
    const early = earlyFetch(platform);
    early.ask('http://localhost/api/saved-filters?list=police', 'tok');
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]![1]?.headers).get('authorization')).toBe('Bearer tok');
    const first = await early.fetch('http://localhost/api/saved-filters?list=police', {
      method: 'GET',
      headers: { authorization: 'Bearer tok' },
    });
    expect(await first.text()).toBe('answer 1');
    expect(calls).toHaveLength(1);
    // Only once: the next GET asks the server again.
    const second = await early.fetch('http://localhost/api/saved-filters?list=police');
    expect(await second.text()).toBe('answer 2');
  });

  it("the early answer serves the same URL with its query's keys in another order, not another sort order", async () => {
    const { calls, platform } = answering();
    const early = earlyFetch(platform);
    early.ask('http://localhost/api/police?page=0&size=10&sort=a%2Cdesc&sort=b%2Casc', 'tok');
    const swapped = await early.fetch(
      'http://localhost/api/police?sort=b%2Casc&sort=a%2Cdesc&size=10&page=0',
      {
        headers: { authorization: 'Bearer tok' },
      },
    );
    expect(await swapped.text()).toBe('answer 2');
    early.ask('http://localhost/api/police?page=0&size=10&sort=a%2Cdesc&sort=b%2Casc', 'tok');
    const same = await early.fetch('http://localhost/api/police?sort=a%2Cdesc&size=10&sort=b%2Casc&page=0', {
      headers: { authorization: 'Bearer tok' },
    });
    expect(await same.text()).toBe('answer 3');
    expect(calls).toHaveLength(3);
  });

  it('another URL, another method or an answer older than 10 s goes to the server', async () => {
    const { calls, platform } = answering();
    const early = earlyFetch(platform);
    early.ask('http://localhost/api/saved-filters?list=police', 'tok');
    await early.fetch('http://localhost/api/saved-filters?list=commission');
    await early.fetch('http://localhost/api/saved-filters?list=police', { method: 'POST', body: '{}' });
    expect(calls).toHaveLength(3);
    const now = performance.now();
    early.ask('http://localhost/api/saved-filters?list=police', 'tok');
    const clock = vi.spyOn(performance, 'now').mockReturnValue(now + 10_001);
    try {
      const late = await early.fetch('http://localhost/api/saved-filters?list=police');
      expect(await late.text()).toBe('answer 5');
    } finally {
      clock.mockRestore();
    }
  });

  it('a refused early answer, or a request with another token, goes to the server', async () => {
    const calls: string[] = [];
    const platform = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const token = new Headers(init?.headers).get('authorization');
      calls.push(String(token));
      return new Response(token === 'Bearer old' ? 'refused' : 'rows', {
        status: token === 'Bearer old' ? 401 : 200,
      });
    }) as typeof globalThis.fetch;
    const url = 'http://localhost/api/saved-filters?list=police';
    const early = earlyFetch(platform);
    // A stored token the server refuses: the request made once signed in again is its own.
    early.ask(url, 'old');
    const after = await early.fetch(url, { headers: { authorization: 'Bearer new' } });
    expect([after.status, await after.text()]).toEqual([200, 'rows']);
    // The same token, refused early: the screen's request asks again and meets the refusal itself.
    early.ask(url, 'old');
    const same = await early.fetch(url, { headers: { authorization: 'Bearer old' } });
    expect(same.status).toBe(401);
    expect(calls).toEqual(['Bearer old', 'Bearer new', 'Bearer old', 'Bearer old']);
  });
});
