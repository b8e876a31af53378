import { describe, expect, it } from 'vitest';
import { count, plural, pluralNoun, propertiesFound } from './plural.ts';

describe('plural', () => {
  it('takes the singular for one only', () => {
    expect(plural(1, 'property', 'properties')).toBe('1 property');
    expect(plural(0, 'property', 'properties')).toBe('0 properties');
    expect(plural(2, 'view')).toBe('2 views');
    expect(plural(1, 'view')).toBe('1 view');
  });

  it('gives the noun alone and the listing counter', () => {
    expect(pluralNoun(1, 'unread notification')).toBe('unread notification');
    expect(pluralNoun(3, 'unread notification')).toBe('unread notifications');
    expect(propertiesFound(1)).toBe('1 property found');
    expect(propertiesFound(16)).toBe('16 properties found');
  });

  it('groups digits the Indian way', () => {
    expect(plural(120000, 'view')).toBe('1,20,000 views');
    // The map's 'Showing 1,553 of 1,840' beside '1,840 properties found'.
    expect(count(1553)).toBe('1,553');
    expect(count(7)).toBe('7');
  });
});
