import { describe, expect, it } from 'vitest';
import { MAX_POLYGON_VERTICES } from '@rentals/core/geo/polygon';
import { areaBounds, canAddPoint } from '../islands/map/areaCorners.ts';
import { drawnAreaOf, MAX_CORNERS, polygonParam } from './drawnArea.ts';

it('takes as many corners as the API', () => {
  expect(MAX_CORNERS).toBe(MAX_POLYGON_VERTICES);
});

describe('a drawn area in the URL', () => {
  it('round-trips through the polygon parameter, rounded to five decimals', () => {
    const area: [number, number][] = [
      [77.600001, 12.9],
      [77.68, 12.9],
      [77.64, 12.987654321],
    ];
    const param = polygonParam(area);
    expect(param).toBe('77.6,12.9;77.68,12.9;77.64,12.98765');
    expect(drawnAreaOf(`?polygon=${encodeURIComponent(param)}`)).toEqual([
      [77.6, 12.9],
      [77.68, 12.9],
      [77.64, 12.98765],
    ]);
  });

  it.each([
    ['no parameter', '?view=map'],
    ['two corners', '?polygon=77.6,12.9;77.7,12.9'],
    ['a corner off the globe', '?polygon=77.6,12.9;77.7,95;77.65,13'],
    ['a corner that is not a number', '?polygon=77.6,12.9;77.7,x;77.65,13'],
    ['a corner with three numbers', '?polygon=77.6,12.9,1;77.7,12.9;77.65,13'],
    [
      'too many corners',
      `?polygon=${Array.from({ length: MAX_CORNERS + 1 }, (_, i) => `77.${i},12.9`).join(';')}`,
    ],
  ])('is ignored when unsound: %s', (_, search) => {
    expect(drawnAreaOf(search)).toBeNull();
  });

  it('gives the bounds the map is fitted to', () => {
    expect(
      areaBounds([
        [77.6, 12.9],
        [77.68, 12.95],
        [77.64, 12.85],
      ]),
    ).toEqual([77.6, 12.85, 77.68, 12.95]);
  });

  it('stops taking corners at the most an area may have', () => {
    const corners = (n: number) => Array.from({ length: n }, (): [number, number] => [77, 12]);
    expect(canAddPoint(corners(MAX_CORNERS - 1))).toBe(true);
    expect(canAddPoint(corners(MAX_CORNERS))).toBe(false);
  });
});
