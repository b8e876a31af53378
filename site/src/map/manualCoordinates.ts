import { text } from '../lib/i18n.ts';

/** SPEC §5: the picker's manual-entry messages (exact in English), in the page's language. */
const MANUAL_MESSAGES = {
  invalid: 'propertyForm.picker.invalid',
  latitude: 'propertyForm.picker.latitudeRange',
  longitude: 'propertyForm.picker.longitudeRange',
} as const;

export const parseManualCoordinates = (
  latitude: string,
  longitude: string,
): { ok: true; latitude: number; longitude: number } | { ok: false; message: string } => {
  const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));
  if (!isNumber(latitude) || !isNumber(longitude))
    return { ok: false, message: text(MANUAL_MESSAGES.invalid) };
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (lat < -90 || lat > 90) return { ok: false, message: text(MANUAL_MESSAGES.latitude) };
  if (lng < -180 || lng > 180) return { ok: false, message: text(MANUAL_MESSAGES.longitude) };
  return { ok: true, latitude: lat, longitude: lng };
};
