import { describe, expect, it } from 'vitest';
import { homeFor } from './roleHome.ts';

describe('homeFor', () => {
  it('sends admins to the admin console and everyone else to their dashboard', () => {
    expect(homeFor('admin')).toBe('/admin');
    for (const role of ['tenant', 'homeowner', 'broker'] as const)
      expect(homeFor(role)).toBe('/dashboard');
    expect(homeFor(undefined)).toBe('/dashboard');
  });
});
