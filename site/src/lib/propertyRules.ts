/**
 * The property form's rules (validation.ts's bounds, the API's messages), checked when the form
 * is sent: loaded then, not with the form (the page's first load, site/scripts/checkBudgets.ts).
 */
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { text } from './i18n.ts';
import {
  CONTROL,
  CONTROL_BUT_LINE_BREAKS,
  LIMITS,
  type FieldErrors,
  type PropertyFormValues,
} from './validation.ts';

const DETAILS = ['bedrooms', 'bathrooms', 'areaSqft', 'floor', 'totalFloors'] as const;
type Detail = (typeof DETAILS)[number];

const NEGATIVE: Record<Detail, MessageId> = {
  bedrooms: 'propertyForm.error.bedroomsNegative',
  bathrooms: 'propertyForm.error.bathroomsNegative',
  areaSqft: 'propertyForm.error.areaSqftNegative',
  floor: 'propertyForm.error.floorNegative',
  totalFloors: 'propertyForm.error.totalFloorsNegative',
};
/**
 * The ranges, the places' lengths and India's bounds are written out in the catalogue (LIMITS'
 * numbers; the unit tests hold them to the API's): plain texts weigh less in the page than
 * messages with values.
 */
const RANGE: Record<Detail, MessageId> = {
  bedrooms: 'propertyForm.error.bedroomsRange',
  bathrooms: 'propertyForm.error.bathroomsRange',
  areaSqft: 'propertyForm.error.areaSqftRange',
  floor: 'propertyForm.error.floorRange',
  totalFloors: 'propertyForm.error.totalFloorsRange',
};

type Place = 'city' | 'area' | 'address';
/** Each place field's three messages, whole sentences so a language never glues a label in. */
const PLACE: Record<
  Place,
  { max: number; required: MessageId; long: MessageId; control: MessageId }
> = {
  city: {
    max: 100,
    required: 'propertyForm.error.cityRequired',
    long: 'propertyForm.error.cityLong',
    control: 'propertyForm.error.cityControl',
  },
  area: {
    max: 100,
    required: 'propertyForm.error.areaRequired',
    long: 'propertyForm.error.areaLong',
    control: 'propertyForm.error.areaControl',
  },
  address: {
    max: 300,
    required: 'propertyForm.error.addressRequired',
    long: 'propertyForm.error.addressLong',
    control: 'propertyForm.error.addressControl',
  },
};

const textErrors = (v: PropertyFormValues, e: FieldErrors) => {
  const title = v.title.trim();
  if (!title) e.title = text('propertyForm.error.titleRequired');
  else if (title.length < LIMITS.title.min) e.title = text('propertyForm.error.titleShort');
  else if (title.length > LIMITS.title.max) e.title = text('propertyForm.error.titleLong');
  else if (CONTROL.test(title)) e.title = text('propertyForm.error.titleControl');

  const description = v.description.trim();
  if (!description) e.description = text('propertyForm.error.descriptionRequired');
  else if (description.length < LIMITS.description.min)
    e.description = text('propertyForm.error.descriptionShort');
  else if (description.length > LIMITS.description.max)
    e.description = text('propertyForm.error.descriptionLong');
  else if (CONTROL_BUT_LINE_BREAKS.test(description))
    e.description = text('propertyForm.error.descriptionControl');
};

const rentErrors = (v: PropertyFormValues, e: FieldErrors) => {
  if (!['PG', 'house', 'flat'].includes(v.propertyType))
    e.propertyType = text('propertyForm.error.propertyType');
  if (!Number.isFinite(v.rent)) e.rent = text('propertyForm.error.rentNumber');
  else if (v.rent < LIMITS.rent.min) e.rent = text('propertyForm.error.rentPositive');
  else if (!Number.isInteger(v.rent)) e.rent = text('propertyForm.error.rentWhole');
  else if (v.rent > LIMITS.rent.max) e.rent = text('propertyForm.error.rentMax');
  if (!['monthly', 'yearly'].includes(v.rentType)) e.rentType = text('propertyForm.error.rentType');
};

const placeErrors = (v: PropertyFormValues, e: FieldErrors) => {
  for (const field of ['city', 'area', 'address'] as const) {
    const { max, required, long, control } = PLACE[field];
    const value = v[field].trim();
    if (!value) e[field] = text(required);
    else if (value.length > max) e[field] = text(long);
    else if (CONTROL.test(value)) e[field] = text(control);
  }
  if (!v.pinCode.trim()) e.pinCode = text('propertyForm.error.pinCodeRequired');
  else if (!/^\d{6}$/.test(v.pinCode.trim())) e.pinCode = text('propertyForm.error.pinCodeInvalid');

  const { india } = LIMITS;
  if (v.latitude !== null) {
    if (!(Number.isFinite(v.latitude) && Math.abs(v.latitude) <= 90))
      e.latitude = text('propertyForm.error.latitudeRange');
    else if (v.latitude < india.south || v.latitude > india.north)
      e.latitude = text('propertyForm.error.latitudeIndia');
  }
  if (v.longitude !== null) {
    if (!(Number.isFinite(v.longitude) && Math.abs(v.longitude) <= 180))
      e.longitude = text('propertyForm.error.longitudeRange');
    else if (v.longitude < india.west || v.longitude > india.east)
      e.longitude = text('propertyForm.error.longitudeIndia');
  }
};

/** The property form's rules, with the API's messages, so the form catches what the API would refuse. */
export const validateProperty = (v: PropertyFormValues): FieldErrors => {
  const e: FieldErrors = {};
  textErrors(v, e);
  rentErrors(v, e);
  placeErrors(v, e);
  for (const field of DETAILS) {
    const value = v[field];
    if (value < 0) e[field] = text(NEGATIVE[field]);
    else if (!Number.isInteger(value) || value > LIMITS[field].max) e[field] = text(RANGE[field]);
  }
  if (!e.floor && !e.totalFloors && v.totalFloors > 0 && v.floor > v.totalFloors)
    e.floor = text('propertyForm.error.floorAboveTotal');
  return e;
};
