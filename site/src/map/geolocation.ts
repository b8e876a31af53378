import { text } from '../lib/i18n.ts';
import { OPENING_POSITION_OPTIONS } from './positionOptions.ts';

/**
 * SPEC §8 geolocation messages (exact in English), in the page's language
 * (`location.*`: a page that locates lists `location`), read when they are shown.
 */
export const GEO_MESSAGES = {
  get unsupported() {
    return text('location.unsupported');
  },
  get denied() {
    return text('location.denied');
  },
  get unavailable() {
    return text('location.unavailable');
  },
  get timeout() {
    return text('location.timeout');
  },
  get other() {
    return text('location.other');
  },
  get picker() {
    return text('location.picker');
  },
  get form() {
    return text('location.form');
  },
};

/** Maps a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout) to its message. */
export const geolocationMessage = (code: number | undefined): string =>
  code === 1
    ? GEO_MESSAGES.denied
    : code === 2
      ? GEO_MESSAGES.unavailable
      : code === 3
        ? GEO_MESSAGES.timeout
        : GEO_MESSAGES.other;

export type PositionResult =
  { ok: true; latitude: number; longitude: number } | { ok: false; code?: number; message: string };

/** The device position as a promise; never rejects, so callers only choose which message to show. */
export const currentPosition = (
  options: PositionOptions,
  geolocation = globalThis.navigator?.geolocation,
): Promise<PositionResult> =>
  new Promise((resolve) => {
    if (!geolocation) {
      resolve({ ok: false, message: GEO_MESSAGES.unsupported });
      return;
    }
    geolocation.getCurrentPosition(
      (p) => resolve({ ok: true, latitude: p.coords.latitude, longitude: p.coords.longitude }),
      (e) => resolve({ ok: false, code: e.code, message: geolocationMessage(e.code) }),
      options,
    );
  });

/**
 * The device's position, but only when the user has already allowed it: it
 * never prompts, since nobody asked for their location yet. Undefined otherwise.
 */
export const grantedPosition = async (
  browser: Pick<Navigator, 'permissions' | 'geolocation'> | undefined = globalThis.navigator,
): Promise<{ latitude: number; longitude: number } | undefined> => {
  if (!browser?.permissions) return undefined;
  const permission = await browser.permissions
    .query({ name: 'geolocation' })
    .catch(() => undefined);
  if (permission?.state !== 'granted') return undefined;
  const result = await currentPosition(OPENING_POSITION_OPTIONS, browser.geolocation);
  return result.ok ? { latitude: result.latitude, longitude: result.longitude } : undefined;
};
