import { describe, expect, it } from 'vitest';
import { idFromPath } from './routeId.ts';

describe('idFromPath', () => {
  it.each([
    ['/properties/abc-123', 'properties', 'abc-123'],
    ['/properties/abc-123/', 'properties', 'abc-123'],
    [
      '/edit-property/0f9c2b7e-1d2a-4c5b-9e8f-123456789abc',
      'edit-property',
      '0f9c2b7e-1d2a-4c5b-9e8f-123456789abc',
    ],
    ['/properties/', 'properties', null],
    ['/properties/a/b', 'properties', null],
    ['/properties/%3Cscript%3E', 'properties', null],
    ['/browse/xyz', 'properties', null],
    ['/kn/edit-property/abc-123', 'edit-property', 'abc-123'],
    ['/hi/properties/abc-123/', 'properties', 'abc-123'],
    ['/kn/browse/xyz', 'properties', null],
  ])('%s', (path, prefix, id) => {
    expect(idFromPath(path, prefix)).toBe(id);
  });
});
