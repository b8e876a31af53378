/** Direct API calls for test set-up, so each flow starts from the data it needs. */
import { confirmEmailAt } from '@rentals/testing/mailbox';
import type { TestUser } from './users.ts';
import type { Stack } from './stack.ts';
import type { UploadFile } from './photos.ts';
import { FACILITIES } from '../../src/lib/types.ts';

/**
 * `from`: the address the stack sees the registration come from, for a stack
 * started with TRUST_PROXY_HOPS=1 (a file registering more people than the
 * 10 an hour one address may).
 */
export const registerViaApi = async (
  baseUrl: string,
  user: TestUser,
  from?: string,
): Promise<string> => {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({
      name: user.name,
      email: user.email,
      phone: user.phone,
      password: user.password,
      role: user.role,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  await confirmEmailAt(baseUrl, user.email);
  return token;
};

/** A listing to create; unless it says otherwise, a two-bedroom flat in Pune. */
export type ListingSeed = {
  title: string;
  propertyType?: 'PG' | 'house' | 'flat';
  rent: number;
  city?: string;
  area: string;
  bedrooms?: number;
  coordinates?: { latitude: number; longitude: number };
  photos?: UploadFile[];
};

export const createListingViaApi = async (
  baseUrl: string,
  token: string,
  listing: ListingSeed,
): Promise<string> => {
  const seed = { propertyType: 'flat', city: 'Pune', bedrooms: 2, ...listing };
  const form = new FormData();
  form.set('title', seed.title);
  form.set(
    'description',
    `${seed.title} — bright rooms, good water supply and close to the market.`,
  );
  form.set('propertyType', seed.propertyType);
  form.set('rent', String(seed.rent));
  form.set('rentType', 'monthly');
  form.set('showOnMap', 'true');
  form.set('location[city]', seed.city);
  form.set('location[area]', seed.area);
  form.set('location[pinCode]', '411045');
  form.set('location[address]', `12 ${seed.area} Main Road`);
  if (seed.coordinates) {
    form.set('location[coordinates][latitude]', String(seed.coordinates.latitude));
    form.set('location[coordinates][longitude]', String(seed.coordinates.longitude));
  }
  form.set(
    'facilities',
    JSON.stringify(Object.fromEntries(FACILITIES.map((f) => [f, f === 'wifi' || f === 'ac']))),
  );
  form.set(
    'propertyDetails',
    JSON.stringify({ bedrooms: seed.bedrooms, bathrooms: 1, area: 800, floor: 1, totalFloors: 4 }),
  );
  form.set('contactInfo', JSON.stringify({ showPhone: true, showEmail: true }));
  for (const photo of seed.photos ?? [])
    form.append(
      'images',
      new File([new Uint8Array(photo.buffer)], photo.name, { type: photo.mimeType }),
    );
  const res = await fetch(`${baseUrl}/api/properties`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { property: { _id: string } }).property._id;
};

/** Waits until the projections have put `count` listings of a city into the public list. */
export const waitForPublicCount = async (
  baseUrl: string,
  query: string,
  count: number,
): Promise<void> => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/properties/public?${query}`);
    const body = (await res.json()) as { pagination?: { totalItems: number } };
    if (body.pagination?.totalItems === count) return;
    if (Date.now() > deadline)
      throw new Error(`public list for ${query} never reached ${count}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** Waits until the public list of `query` has `count` listings and the search index has taken them too. */
export const waitForListed = async (
  stack: Pick<Stack, 'baseUrl' | 'waitForSearchIdle'>,
  query: string,
  count: number,
): Promise<void> => {
  await waitForPublicCount(stack.baseUrl, query, count);
  await stack.waitForSearchIdle();
};

/**
 * Registers `owner`, lists each of `listings` (in Pune unless they say otherwise) and waits
 * until the public list and the search index show them all.
 */
export const ownerWithListings = async (
  stack: Pick<Stack, 'baseUrl' | 'waitForSearchIdle'>,
  owner: TestUser,
  listings: ListingSeed[],
): Promise<{ token: string; ids: string[] }> => {
  const token = await registerViaApi(stack.baseUrl, owner);
  const ids: string[] = [];
  for (const listing of listings)
    ids.push(await createListingViaApi(stack.baseUrl, token, listing));
  await waitForListed(stack, `city=${listings[0]?.city ?? 'Pune'}`, listings.length);
  return { token, ids };
};
