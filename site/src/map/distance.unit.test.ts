import { describe, expect, it } from 'vitest';
import { distanceKm, formatCoordinates, formatDistance } from './distance.ts';

describe('distance', () => {
  it('uses the haversine formula with earth radius 6371 km', () => {
    // One degree of latitude is 6371 × π / 180 km.
    expect(distanceKm({ latitude: 0, longitude: 77 }, { latitude: 1, longitude: 77 })).toBeCloseTo(
      (6371 * Math.PI) / 180,
      9,
    );
    // Bengaluru to Mumbai, about 845 km as the crow flies.
    const km = distanceKm(
      { latitude: 12.9716, longitude: 77.5946 },
      { latitude: 19.076, longitude: 72.8777 },
    );
    expect(km).toBeGreaterThan(835);
    expect(km).toBeLessThan(855);
    expect(
      distanceKm({ latitude: 28.6, longitude: 77.2 }, { latitude: 28.6, longitude: 77.2 }),
    ).toBe(0);
  });

  it('shows metres under 1 km and km with one decimal from 1 km', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(0.0424)).toBe('42 m');
    expect(formatDistance(0.85)).toBe('850 m');
    expect(formatDistance(0.9996)).toBe('1.0 km');
    expect(formatDistance(1)).toBe('1.0 km');
    expect(formatDistance(12.345)).toBe('12.3 km');
    expect(formatDistance(845.26)).toBe('845.3 km');
  });

  it('shows coordinates with 6 decimals', () => {
    expect(formatCoordinates({ latitude: 12.9261, longitude: 77.622109 })).toBe(
      '12.926100, 77.622109',
    );
  });
});
