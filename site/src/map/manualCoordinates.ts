/** SPEC §5: the picker's manual-entry messages, exact. */
export const MANUAL_MESSAGES = {
  invalid: 'Please enter valid coordinates.',
  latitude: 'Latitude must be between -90 and 90.',
  longitude: 'Longitude must be between -180 and 180.',
} as const;

export const parseManualCoordinates = (
  latitude: string,
  longitude: string,
): { ok: true; latitude: number; longitude: number } | { ok: false; message: string } => {
  const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));
  if (!isNumber(latitude) || !isNumber(longitude))
    return { ok: false, message: MANUAL_MESSAGES.invalid };
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (lat < -90 || lat > 90) return { ok: false, message: MANUAL_MESSAGES.latitude };
  if (lng < -180 || lng > 180) return { ok: false, message: MANUAL_MESSAGES.longitude };
  return { ok: true, latitude: lat, longitude: lng };
};
