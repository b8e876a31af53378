import { beforeAll, describe, expect, it } from 'vitest';
import { pageMessages } from '@rentals/core/i18n/pageMessages';
import { setPageMessages } from '../lib/i18n.ts';
import { deviceDirectionsLink, straightLine } from './directions.ts';
import { currentPosition, GEO_MESSAGES, geolocationMessage } from './geolocation.ts';
import { parseManualCoordinates } from './manualCoordinates.ts';
import { averageCenter, listingHref, mappable, markerColour } from './markers.ts';
import type { MapProperty } from './types.ts';

// The page's English, as the search and listing pages embed it.
beforeAll(() => setPageMessages(pageMessages('en', ['location'])));

const listing = (
  id: string,
  coordinates?: { latitude: number; longitude: number } | null,
  showOnMap?: boolean,
): MapProperty => ({
  _id: id,
  title: id,
  propertyType: 'flat',
  location: { city: 'Pune', ...(coordinates !== undefined ? { coordinates } : {}) },
  images: [],
  ...(showOnMap !== undefined ? { showOnMap } : {}),
});

describe('markers', () => {
  it('colours flats green, PGs amber, houses purple and anything else blue', () => {
    expect(markerColour('flat')).toBe('#16a34a');
    expect(markerColour('PG')).toBe('#f59e0b');
    expect(markerColour('house')).toBe('#9333ea');
    expect(markerColour('villa')).toBe('#2563eb');
  });

  it('maps only listings with coordinates and showOnMap not turned off, centred on their average', () => {
    const all = [
      listing('a', { latitude: 18, longitude: 73 }),
      listing('b', { latitude: 20, longitude: 75 }, true),
      listing('c'),
      listing('d', null),
      listing('e', { latitude: 30, longitude: 80 }, false),
    ];
    expect(mappable(all).map((p) => p._id)).toEqual(['a', 'b']);
    expect(averageCenter(all)).toEqual({ latitude: 19, longitude: 74 });
    expect(averageCenter([listing('c')])).toBeUndefined();
  });

  it('links visitors to /browse/{id} and signed-in users to /properties/{id}', () => {
    expect(listingHref('abc', true)).toBe('/browse/abc');
    expect(listingHref('abc', false)).toBe('/properties/abc');
  });
});

describe('geolocation', () => {
  it('has a message for every failure', () => {
    expect(geolocationMessage(1)).toBe('Location access denied. Please enable location services.');
    expect(geolocationMessage(2)).toBe('Location information is unavailable.');
    expect(geolocationMessage(3)).toBe('Location request timed out.');
    expect(geolocationMessage(undefined)).toBe('Unable to get your location.');
  });

  it('says so when the browser has no geolocation', async () => {
    expect(await currentPosition({}, undefined)).toEqual({
      ok: false,
      message: GEO_MESSAGES.unsupported,
    });
  });

  it('passes the position or the failure through', async () => {
    const ok = {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: 12.9, longitude: 77.6 } } as GeolocationPosition),
    };
    expect(await currentPosition({}, ok as unknown as Geolocation)).toEqual({
      ok: true,
      latitude: 12.9,
      longitude: 77.6,
    });
    const denied = {
      getCurrentPosition: (_: PositionCallback, error: PositionErrorCallback) =>
        error({ code: 1 } as GeolocationPositionError),
    };
    expect(await currentPosition({}, denied as unknown as Geolocation)).toEqual({
      ok: false,
      code: 1,
      message: GEO_MESSAGES.denied,
    });
  });
});

describe('manual coordinates', () => {
  beforeAll(() => setPageMessages(pageMessages('en', ['propertyForm'])));
  const refused = (message: string) => ({ ok: false, message });
  it('accepts numbers in range and answers with the spec messages otherwise', () => {
    expect(parseManualCoordinates('12.93', '77.62')).toEqual({
      ok: true,
      latitude: 12.93,
      longitude: 77.62,
    });
    expect(parseManualCoordinates('', '77')).toEqual(refused('Please enter valid coordinates.'));
    expect(parseManualCoordinates('north', '77')).toEqual(
      refused('Please enter valid coordinates.'),
    );
    expect(parseManualCoordinates('91', '77')).toEqual(
      refused('Latitude must be between -90 and 90.'),
    );
    expect(parseManualCoordinates('12', '-181')).toEqual(
      refused('Longitude must be between -180 and 180.'),
    );
  });
});

describe('directions without a routing service', () => {
  const from = { latitude: 12.9716, longitude: 77.5946 };
  const to = { latitude: 12.926138, longitude: 77.622109 };
  it('draws the straight line', () => {
    expect(straightLine(from, to, 5.9)).toEqual({
      coordinates: [
        [77.5946, 12.9716],
        [77.622109, 12.926138],
      ],
      distanceKm: 5.9,
      kind: 'straight',
    });
  });
  it("links to the device's maps app", () => {
    expect(deviceDirectionsLink(from, to, 'Mozilla/5.0 (Linux; Android 14)')).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=12.971600,77.594600&destination=12.926138,77.622109&travelmode=driving',
    );
    expect(deviceDirectionsLink(from, to, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)')).toBe(
      'https://maps.apple.com/?saddr=12.971600,77.594600&daddr=12.926138,77.622109&dirflg=d',
    );
  });
});
