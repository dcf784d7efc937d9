import { describe, expect, it } from 'vitest';
import { keptQuery, linkHeader } from './paging.ts';

describe('linkHeader', () => {
  it('matches the JHipster example byte for byte (page 6, size 50, total 400)', () => {
    expect(linkHeader('/api/users', 6, 50, 400)).toBe(
      '</api/users?page=7&size=50>; rel="next",</api/users?page=5&size=50>; rel="prev",' +
        '</api/users?page=7&size=50>; rel="last",</api/users?page=0&size=50>; rel="first"',
    );
  });

  it('has only last and first on a single or empty page', () => {
    expect(linkHeader('/api/police', 0, 10, 3)).toBe(
      '</api/police?page=0&size=10>; rel="last",</api/police?page=0&size=10>; rel="first"',
    );
    expect(linkHeader('/api/police', 0, 10, 0)).toBe(
      '</api/police?page=0&size=10>; rel="last",</api/police?page=0&size=10>; rel="first"',
    );
  });
});

describe('keptQuery', () => {
  it('keeps every parameter but page and size, encoding the header separators', () => {
    expect(keptQuery('/api/users?page=2&size=5&sort=login,desc&q=a;b')).toBe('sort=login%2Cdesc&q=a%3Bb');
    expect(keptQuery('/api/users')).toBe('');
    expect(linkHeader('/api/users', 0, 5, 6, 'sort=login%2Cdesc')).toBe(
      '</api/users?page=1&size=5&sort=login%2Cdesc>; rel="next",</api/users?page=1&size=5&sort=login%2Cdesc>; rel="last",' +
        '</api/users?page=0&size=5&sort=login%2Cdesc>; rel="first"',
    );
  });
});
