import { describe, expect, it } from 'vitest';
import { isUnsubscribeToken, unsubscribeLink, unsubscribeToken } from './unsubscribeToken.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('unsubscribe tokens', () => {
  it('are accepted for their own search and user only, under their own secret', () => {
    const token = unsubscribeToken(SECRET, 'u-1', 's-1');
    expect(isUnsubscribeToken(SECRET, 'u-1', 's-1', token)).toBe(true);
    expect(isUnsubscribeToken(SECRET, 'u-1', 's-2', token)).toBe(false);
    expect(isUnsubscribeToken(SECRET, 'u-2', 's-1', token)).toBe(false);
    expect(isUnsubscribeToken(`${SECRET}x`, 'u-1', 's-1', token)).toBe(false);
    expect(isUnsubscribeToken(SECRET, 'u-1', 's-1', `${token}x`)).toBe(false);
    expect(isUnsubscribeToken(SECRET, 'u-1', 's-1', '')).toBe(false);
  });

  it('cannot be shifted between the user and the search id', () => {
    expect(unsubscribeToken(SECRET, 'ab', 'c')).not.toBe(unsubscribeToken(SECRET, 'a', 'bc'));
  });

  it('go in a link to the API that carries the search, the user and the token', () => {
    const link = new URL(unsubscribeLink('http://rentals.test', SECRET, 'u-1', 's-1'));
    expect(link.pathname).toBe('/api/saved-searches/unsubscribe');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      u: 'u-1',
      s: 's-1',
      t: unsubscribeToken(SECRET, 'u-1', 's-1'),
    });
  });
});
