import { describe, expect, it } from 'vitest';
import { homeFor, looksToRent } from './roleHome.ts';

describe('homeFor', () => {
  it('sends admins to the admin console and everyone else to their dashboard', () => {
    expect(homeFor('admin')).toBe('/admin');
    for (const role of ['tenant', 'homeowner', 'broker'] as const)
      expect(homeFor(role)).toBe('/dashboard');
    expect(homeFor(undefined)).toBe('/dashboard');
  });
});

describe('looksToRent', () => {
  it('is true for anyone signed in but the owner and admins', () => {
    expect(looksToRent({ _id: 'u-1', role: 'tenant' }, 'u-2')).toBe(true);
    expect(looksToRent({ _id: 'u-1', role: 'broker' }, 'u-2')).toBe(true);
    expect(looksToRent({ _id: 'u-2', role: 'homeowner' }, 'u-2')).toBe(false);
    expect(looksToRent({ _id: 'u-1', role: 'admin' }, 'u-2')).toBe(false);
    expect(looksToRent(null, 'u-2')).toBe(false);
  });
});
