import type { Page } from 'playwright-core';

/** Fills each labelled field with its value, in order, as a person types them in. */
export const fillFields = async (page: Page, fields: Record<string, string>): Promise<void> => {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
};

/** A listing's Basic Information and Location fields, in Baner, Pune; valid by every rule. */
export const banerListingFields = (fields: {
  title: string;
  description: string;
  address: string;
  latitude: string;
  longitude: string;
}): Record<string, string> => ({
  'Property Title': fields.title,
  Description: fields.description,
  'Rent (₹)': '25000',
  City: 'Pune',
  'Area / Locality': 'Baner',
  'Pin Code': '411045',
  'Full Address': fields.address,
  'Latitude (optional)': fields.latitude,
  'Longitude (optional)': fields.longitude,
});
