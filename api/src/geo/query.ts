import { ValidationError, type FieldError } from '@rentals/core/errors';
import { isSingleLine } from '@rentals/core/textFormats';
import { MAX_RESULTS } from './geocoder.ts';

/**
 * Geo query strings, checked by hand so each message names its parameter
 * (`lat`, `lng`, …) with the spec's wording.
 */
const number = (raw: string | undefined): number | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
};

export const parseSearchQuery = (
  query: Record<string, string | undefined>,
): { q: string; limit: number } => {
  const errors: FieldError[] = [];
  const q = (query.q ?? '').trim();
  if (q === '') errors.push({ path: 'q', msg: 'Search text is required' });
  if (q.length > 200) errors.push({ path: 'q', msg: 'Search text cannot exceed 200 characters' });
  else if (!isSingleLine(q))
    errors.push({ path: 'q', msg: 'Search text cannot contain control characters' });
  let limit = MAX_RESULTS;
  if (query.limit !== undefined) {
    const value = number(query.limit);
    if (value === undefined || !Number.isInteger(value) || value < 1 || value > MAX_RESULTS)
      errors.push({ path: 'limit', msg: `Limit must be between 1 and ${MAX_RESULTS}` });
    else limit = value;
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return { q, limit };
};

export const parseReverseQuery = (
  query: Record<string, string | undefined>,
): { lat: number; lng: number } => {
  const lat = number(query.lat);
  const lng = number(query.lng);
  const errors: FieldError[] = [];
  if (lat === undefined || lat < -90 || lat > 90)
    errors.push({ path: 'lat', msg: 'Latitude must be a valid number between -90 and 90' });
  if (lng === undefined || lng < -180 || lng > 180)
    errors.push({ path: 'lng', msg: 'Longitude must be a valid number between -180 and 180' });
  if (errors.length > 0 || lat === undefined || lng === undefined)
    throw new ValidationError(errors);
  return { lat, lng };
};
