/**
 * The create form of SPEC §7 as a real owner fills it in (multipart field
 * names, JSON-text facilities/propertyDetails/contactInfo, files under
 * `images`), for every test that posts a listing over HTTP.
 */
/** A valid create form (SPEC §7 field names) in Pune; override single fields to attack them. */
export const LISTING_FORM: Readonly<Record<string, string>> = {
  title: 'Bright 2BHK near Baner market',
  description: 'A bright flat with a balcony, five minutes from the main road and the market.',
  propertyType: 'flat',
  rent: '24000',
  rentType: 'monthly',
  showOnMap: 'true',
  'location[city]': 'Pune',
  'location[area]': 'Baner',
  'location[pinCode]': '411045',
  'location[address]': 'Flat 7, Lane 4, Baner Road',
  'location[coordinates][latitude]': '18.559',
  'location[coordinates][longitude]': '73.7868',
  facilities: JSON.stringify({ wifi: true, parking: true }),
  propertyDetails: JSON.stringify({
    bedrooms: 2,
    bathrooms: 2,
    area: 1100,
    floor: 3,
    totalFloors: 7,
  }),
  contactInfo: JSON.stringify({ showPhone: true, showEmail: true }),
};

export type Upload = { name: string; bytes: Uint8Array; type: string };

/** A multipart body: text fields as given (repeated keys allowed), then each file under `images`. */
export const listingForm = (
  values: Record<string, string> | [string, string][] = LISTING_FORM,
  files: Upload[] = [],
) => {
  const form = new FormData();
  for (const [k, v] of Array.isArray(values) ? values : Object.entries(values)) form.append(k, v);
  for (const file of files)
    form.append('images', new File([file.bytes], file.name, { type: file.type }));
  return form;
};

/**
 * SPEC §5's messages, in the order the API reports them, for a form whose property type, rent,
 * rent type, city, area, address, pin code, coordinates and room counts are all out of bounds.
 */
export const SPEC_ERRORS_FOR_A_BAD_FORM = [
  { path: 'propertyType', msg: 'Property type must be PG, house, or flat' },
  { path: 'rent', msg: 'Rent must be greater than 0' },
  { path: 'rentType', msg: 'Rent type must be monthly or yearly' },
  { path: 'location.city', msg: 'City is required' },
  { path: 'location.area', msg: 'Area is required' },
  { path: 'location.address', msg: 'Address is required' },
  { path: 'location.pinCode', msg: 'Please enter a valid 6-digit pin code' },
  {
    path: 'location.coordinates.latitude',
    msg: 'Latitude must be a valid number between -90 and 90',
  },
  {
    path: 'location.coordinates.longitude',
    msg: 'Longitude must be a valid number between -180 and 180',
  },
  { path: 'propertyDetails.bedrooms', msg: 'Bedrooms cannot be negative' },
  { path: 'propertyDetails.bathrooms', msg: 'Bathrooms cannot be negative' },
  { path: 'propertyDetails.area', msg: 'Area cannot be negative' },
] as const;
