/**
 * The property form's model: its values as typed, how they become the
 * multipart body of SPEC §7, and how server field paths map back to fields.
 */
import { facilityFlags } from '@rentals/core/listings/termCatalogue';
import { rupeesOrZero } from './amounts.ts';
import { FACILITIES, type Facility, type Property } from './types.ts';
import {
  emptyTenancyForm,
  TENANCY_SERVER_PATHS,
  tenancyFormFrom,
  tenancyPayload,
  type TenancyFormState,
} from './tenancyForm.ts';
import {
  numberOrZero,
  plainNumber,
  type PropertyFormField,
  type PropertyFormValues,
} from './validation.ts';

/** The ten facilities the form offers (laundry and balcony are kept as they were). */
export const FORM_FACILITIES = [
  'wifi',
  'parking',
  'ac',
  'kitchen',
  'security',
  'gym',
  'pool',
  'garden',
  'furnished',
  'petFriendly',
] as const satisfies readonly Facility[];

export const NUMBER_FIELDS = ['bedrooms', 'bathrooms', 'areaSqft', 'floor', 'totalFloors'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export type FormState = {
  title: string;
  description: string;
  propertyType: string;
  rent: string;
  rentType: string;
  city: string;
  area: string;
  address: string;
  pinCode: string;
  latitude: string;
  longitude: string;
  showOnMap: boolean;
  facilities: Record<Facility, boolean>;
  showPhone: boolean;
  showEmail: boolean;
} & Record<NumberField, string> &
  TenancyFormState;

const noFacilities = () =>
  Object.fromEntries(FACILITIES.map((f) => [f, false])) as Record<Facility, boolean>;

/** Defaults (SPEC §2): flat, monthly, every number 0, every facility off. */
export const emptyForm = (): FormState => ({
  title: '',
  description: '',
  propertyType: 'flat',
  rent: '0',
  rentType: 'monthly',
  city: '',
  area: '',
  address: '',
  pinCode: '',
  latitude: '',
  longitude: '',
  showOnMap: true,
  facilities: noFacilities(),
  showPhone: true,
  showEmail: false,
  bedrooms: '0',
  bathrooms: '0',
  areaSqft: '0',
  floor: '0',
  totalFloors: '0',
  ...emptyTenancyForm(),
});

export const formFromProperty = (p: Property): FormState => ({
  title: p.title,
  description: p.description,
  propertyType: p.propertyType,
  rent: String(p.rent),
  rentType: p.rentType,
  city: p.location.city,
  area: p.location.area,
  address: p.location.address,
  pinCode: p.location.pinCode,
  latitude: p.location.coordinates ? String(p.location.coordinates.latitude) : '',
  longitude: p.location.coordinates ? String(p.location.coordinates.longitude) : '',
  showOnMap: p.showOnMap,
  facilities: { ...noFacilities(), ...p.facilities },
  showPhone: p.contactInfo.showPhone,
  showEmail: p.contactInfo.showEmail,
  bedrooms: String(p.propertyDetails.bedrooms),
  bathrooms: String(p.propertyDetails.bathrooms),
  areaSqft: String(p.propertyDetails.area),
  floor: String(p.propertyDetails.floor),
  totalFloors: String(p.propertyDetails.totalFloors),
  ...tenancyFormFrom(p.tenancy),
});

/**
 * The facilities as the form shows and sends them: furnished, parking and
 * petFriendly are views of their terms (facilityTerms.ts), so a checkbox and
 * its term never disagree; `facilities` holds only the other flags' values.
 */
export const shownFacilities = (s: FormState): Record<Facility, boolean> => ({
  ...s.facilities,
  ...facilityFlags(tenancyPayload(s)),
});

const coordinate = (raw: string): number | null => (raw.trim() === '' ? null : plainNumber(raw));

/** What the validation rules see. Blank numbers are 0; blank coordinates mean "none". */
export const valuesOf = (s: FormState): PropertyFormValues => ({
  title: s.title,
  description: s.description,
  propertyType: s.propertyType,
  rent: rupeesOrZero(s.rent),
  rentType: s.rentType,
  city: s.city,
  area: s.area,
  address: s.address,
  pinCode: s.pinCode,
  latitude: coordinate(s.latitude),
  longitude: coordinate(s.longitude),
  bedrooms: numberOrZero(s.bedrooms),
  bathrooms: numberOrZero(s.bathrooms),
  areaSqft: numberOrZero(s.areaSqft),
  floor: numberOrZero(s.floor),
  totalFloors: numberOrZero(s.totalFloors),
});

export type KeptImage = { id: string };

/** The multipart body of SPEC §7; on edit `keepImages` lists the photos that stay. */
export const toFormData = (s: FormState, files: File[], keepImages?: KeptImage[]): FormData => {
  const v = valuesOf(s);
  const form = new FormData();
  form.set('title', v.title.trim());
  form.set('description', v.description.trim());
  form.set('propertyType', v.propertyType);
  form.set('rent', String(v.rent));
  form.set('rentType', v.rentType);
  form.set('showOnMap', String(s.showOnMap));
  form.set('location[city]', v.city.trim());
  form.set('location[area]', v.area.trim());
  form.set('location[pinCode]', v.pinCode.trim());
  form.set('location[address]', v.address.trim());
  if (v.latitude !== null && v.longitude !== null) {
    form.set('location[coordinates][latitude]', String(v.latitude));
    form.set('location[coordinates][longitude]', String(v.longitude));
  }
  form.set('facilities', JSON.stringify(shownFacilities(s)));
  form.set(
    'propertyDetails',
    JSON.stringify({
      bedrooms: v.bedrooms,
      bathrooms: v.bathrooms,
      area: v.areaSqft,
      floor: v.floor,
      totalFloors: v.totalFloors,
    }),
  );
  form.set('contactInfo', JSON.stringify({ showPhone: s.showPhone, showEmail: s.showEmail }));
  // The whole set of terms, so clearing one in the form clears it on the listing.
  form.set('tenancy', JSON.stringify(tenancyPayload(s)));
  if (keepImages) form.set('keepImages', JSON.stringify(keepImages));
  for (const file of files) form.append('images', file, file.name);
  return form;
};

const SERVER_PATHS: Record<string, PropertyFormField> = {
  'location.city': 'city',
  'location.area': 'area',
  'location.address': 'address',
  'location.pinCode': 'pinCode',
  'location.coordinates.latitude': 'latitude',
  'location.coordinates.longitude': 'longitude',
  'propertyDetails.bedrooms': 'bedrooms',
  'propertyDetails.bathrooms': 'bathrooms',
  'propertyDetails.area': 'areaSqft',
  'propertyDetails.floor': 'floor',
  'propertyDetails.totalFloors': 'totalFloors',
  ...TENANCY_SERVER_PATHS,
};
const FORM_FIELDS = new Set<string>(['title', 'description', 'propertyType', 'rent', 'rentType']);

/** 'location[pinCode]' or 'location.pinCode' → 'pinCode'; unknown paths → undefined. */
export const fieldForServerPath = (path: string): PropertyFormField | undefined => {
  const dotted = path.replace(/\[([^\]]*)\]/g, '.$1').replace(/^\./, '');
  if (FORM_FIELDS.has(dotted)) return dotted as PropertyFormField;
  return SERVER_PATHS[dotted];
};
