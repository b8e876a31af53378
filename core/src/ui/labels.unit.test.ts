import { describe, expect, it } from 'vitest';
import { initial, listerLabel, typeLabel } from './labels.ts';

describe('initial, listerLabel and typeLabel', () => {
  it('takes the first letter upper-cased', () => {
    expect(initial(' priya')).toBe('P');
    expect(initial('')).toBe('?');
    expect(initial(undefined)).toBe('?');
  });
  it('names who lists a listing: Broker for a broker, Owner for anyone else', () => {
    expect(listerLabel('broker')).toBe('Broker');
    expect(listerLabel('homeowner')).toBe('Owner');
    expect(listerLabel('admin')).toBe('Owner');
  });
  it('labels property types, leaving an unknown one as it is', () => {
    expect(typeLabel('flat')).toBe('Flat');
    expect(typeLabel('PG')).toBe('PG');
    expect(typeLabel('villa')).toBe('villa');
  });
});
