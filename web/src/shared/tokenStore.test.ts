import { describe, expect, it } from 'vitest';
import { browserTokenStore, TOKEN_KEY, xsrfCookie } from './tokenStore.ts';

describe('browserTokenStore', () => {
  it('keeps a remembered token in localStorage and a session one in sessionStorage', () => {
    const store = browserTokenStore();
    store.save('session-token', false);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('session-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    store.save('long-token', true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('long-token');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.load()).toBe('long-token');
  });

  it('puts a renewed token where the current one is', () => {
    const store = browserTokenStore();
    store.save('long-token', true);
    store.replace('renewed-long');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('renewed-long');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    store.save('session-token', false);
    store.replace('renewed-session');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('renewed-session');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('forgets both on clear', () => {
    const store = browserTokenStore();
    store.save('a', true);
    sessionStorage.setItem(TOKEN_KEY, 'b');
    store.clear();
    expect(store.load()).toBeUndefined();
  });

  it('reads the XSRF-TOKEN cookie among others', () => {
    expect(xsrfCookie('a=1; XSRF-TOKEN=abc%3D; b=2')).toBe('abc=');
    expect(xsrfCookie('a=1')).toBeUndefined();
  });
});
