import { describe, expect, it } from 'vitest';
import { clampViewport, mapQuery } from './mapSearch.ts';

describe('the map search query', () => {
  it('keeps a wrapped world view within the degrees the API accepts', () => {
    expect(clampViewport({ bbox: [-250.123456789, -95, 300, 95], zoom: 25 })).toEqual({
      bbox: [-180, -90, 180, 90],
      zoom: 22,
    });
  });

  it('sends the filters with the viewport rounded to five decimals', () => {
    const query = mapQuery(
      { city: 'Pune', propertyType: 'flat' },
      { bbox: [73.712345678, 18.4, 73.99999999, 18.6], zoom: 11.123456 },
    );
    expect(query.toString()).toBe(
      'city=Pune&propertyType=flat&bbox=73.71235%2C18.4%2C74%2C18.6&zoom=11.12',
    );
  });

  it('sends a drawn area as its corners, rounded to five decimals', () => {
    const query = mapQuery({}, { bbox: [73, 18, 74, 19], zoom: 11 }, [
      [73.8000001, 18.5],
      [73.9, 18.5],
      [73.85, 18.612345678],
    ]);
    expect(query.get('polygon')).toBe('73.8,18.5;73.9,18.5;73.85,18.61235');
  });
});
