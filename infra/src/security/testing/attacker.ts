/**
 * What the attack tests send: a listing form a real owner would fill in, and
 * plain HTTP calls against the real web server (testing/webServer.ts), as an
 * attacker's client sends them.
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

export type Answer<T = unknown> = { status: number; headers: Headers; text: string; body: T };

export type CallOptions = {
  token?: string;
  json?: unknown;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
};

/** One HTTP request to `base` (the real server); `body` is the parsed JSON or, failing that, the text. */
export const call = async <T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> => {
  const headers = new Headers(options.headers);
  if (options.token !== undefined) headers.set('authorization', `Bearer ${options.token}`);
  let body: RequestInit['body'] = options.form ?? options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
};
