import { describe, expect, it } from 'vitest';
import { initial, roleLabel, typeLabel } from './labels.ts';

describe('initial, roleLabel and typeLabel', () => {
  it('takes the first letter upper-cased', () => {
    expect(initial(' priya')).toBe('P');
    expect(initial('')).toBe('?');
    expect(initial(undefined)).toBe('?');
  });
  it('labels roles', () => {
    expect(roleLabel('homeowner')).toBe('Homeowner');
    expect(roleLabel('broker')).toBe('Broker');
    expect(roleLabel('admin')).toBe('admin');
  });
  it('labels property types, leaving an unknown one as it is', () => {
    expect(typeLabel('flat')).toBe('Flat');
    expect(typeLabel('PG')).toBe('PG');
    expect(typeLabel('villa')).toBe('villa');
  });
});
