/**
 * How precisely and how freshly each place asks the device where it is. Apart from
 * geolocation.ts so that a page with a 'Use my location' button loads the asking
 * only when the button is pressed.
 */

/** SPEC §9: high accuracy, 10 s time-out; a cached position up to 60 s on maps, 300 s on the form. */
export const MAP_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};
export const FORM_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

/** Only to place a map where the user is: a coarse, quick fix is enough, and an older one will do. */
export const OPENING_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 5_000,
  maximumAge: 300_000,
};
