import { describe, expect, it } from 'vitest';
import { CITY_ZOOM, COUNTRY_ZOOM, INDIA_CENTER, PICKER_ZOOM } from './constants.ts';
import { grantedPosition } from './geolocation.ts';
import { pickerOpening } from './pickerOpening.ts';

const PUNE = { lat: 18.5196, lon: 73.8554, kind: 'city' };
const HERE = { latitude: 12.97, longitude: 77.59 };

/** Lookups that answer as given and record what was asked. */
const lookups = (place: typeof PUNE | undefined | Error, here: typeof HERE | undefined) => {
  const asked: string[] = [];
  return {
    asked,
    lookup: {
      findPlace: (query: string) => {
        asked.push(query);
        return place instanceof Error ? Promise.reject(place) : Promise.resolve(place);
      },
      grantedPosition: () => {
        asked.push('position');
        return Promise.resolve(here);
      },
    },
  };
};

describe('where the location picker opens (issue 16)', () => {
  it('on the point the form already has, asking nothing', async () => {
    const { asked, lookup } = lookups(PUNE, HERE);
    const initial = { latitude: 18.5, longitude: 73.8 };
    expect(await pickerOpening({ initial, city: 'Pune' }, lookup)).toEqual({
      center: initial,
      zoom: PICKER_ZOOM,
    });
    expect(asked).toEqual([]);
  });

  it('on the city typed in the form, the whole city in view, before the user position', async () => {
    const { asked, lookup } = lookups(PUNE, HERE);
    expect(await pickerOpening({ city: '  Pune ' }, lookup)).toEqual({
      center: { latitude: PUNE.lat, longitude: PUNE.lon },
      zoom: CITY_ZOOM,
    });
    expect(asked).toEqual(['Pune']);
    // A place that is not a city (a locality typed as the city) opens closer.
    const locality = lookups({ ...PUNE, kind: 'locality' }, undefined).lookup;
    expect((await pickerOpening({ city: 'Kothrud' }, locality)).zoom).toBe(PICKER_ZOOM);
  });

  it("on the user's position when no city is typed or found, else on all of India", async () => {
    expect(await pickerOpening({ city: '' }, lookups(PUNE, HERE).lookup)).toEqual({
      center: HERE,
      zoom: PICKER_ZOOM,
    });
    expect(await pickerOpening({ city: 'Xyzzy' }, lookups(undefined, HERE).lookup)).toEqual({
      center: HERE,
      zoom: PICKER_ZOOM,
    });
    expect(
      await pickerOpening({ city: 'Pune' }, lookups(new Error('503'), undefined).lookup),
    ).toEqual({ center: INDIA_CENTER, zoom: COUNTRY_ZOOM });
  });
});

describe("the user's position, only when already allowed", () => {
  const browser = (state: PermissionState) => {
    let located = 0;
    return {
      located: () => located,
      navigator: {
        permissions: {
          query: () => Promise.resolve({ state } as PermissionStatus),
        } as unknown as Permissions,
        geolocation: {
          getCurrentPosition: (found: PositionCallback) => {
            located += 1;
            found({ coords: { latitude: 12.97, longitude: 77.59 } } as GeolocationPosition);
          },
        } as unknown as Geolocation,
      },
    };
  };

  it('asks the device when the permission is granted', async () => {
    const granted = browser('granted');
    expect(await grantedPosition(granted.navigator)).toEqual(HERE);
    expect(granted.located()).toBe(1);
  });

  it('never asks (no prompt) while the permission is only promptable or denied', async () => {
    for (const state of ['prompt', 'denied'] as const) {
      const other = browser(state);
      expect(await grantedPosition(other.navigator)).toBeUndefined();
      expect(other.located()).toBe(0);
    }
  });
});
