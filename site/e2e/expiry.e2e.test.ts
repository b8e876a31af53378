import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi, waitForListed } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Listings that never go stale, in Chromium, with a clock the test controls
 * (the sweep decides at the `now` it is given): on day 25 the owner, with
 * the dashboard open, sees the reminder arrive live and gets the email,
 * whose one-click link confirms without signing in, once. A listing left
 * unconfirmed expires on day 30: out of search and the map, its page gone
 * (410) with similar listings, 'Expired' in My Properties until Renew.
 */
let stack: Stack;
const DAY = 24 * 60 * 60_000;
const CITY = 'Nashik';
const REMINDED = 'Bright 2BHK near Gangapur Road';
const FORGOTTEN = 'Quiet 1BHK behind College Road';
const remindedOwner = newUser('homeowner', 'Rekha Deshmukh');
const forgottenOwner = newUser('homeowner', 'Farhan Shaikh');
const mail = mailbox();
let remindedToken: string;
let forgottenToken: string;
let remindedId: string;
let forgottenId: string;
/** After both listings were created: day N of both is `createdBy + N days`. */
let createdBy: number;
let confirmLink: string;

beforeAll(async () => {
  stack = await startStack();
  remindedToken = await registerViaApi(stack.baseUrl, remindedOwner);
  forgottenToken = await registerViaApi(stack.baseUrl, forgottenOwner);
  const listing = (title: string, latitude: number) => ({
    title,
    propertyType: 'flat' as const,
    rent: 14000,
    city: CITY,
    area: 'Gangapur',
    bedrooms: 2,
    coordinates: { latitude, longitude: 73.77 },
  });
  forgottenId = await createListingViaApi(stack.baseUrl, forgottenToken, listing(FORGOTTEN, 20.0));
  remindedId = await createListingViaApi(stack.baseUrl, remindedToken, listing(REMINDED, 20.01));
  createdBy = Date.now();
  await waitForListed(stack, `city=${CITY}`, 2);
});
afterAll(async () => {
  await stack?.stop();
});

const signedIn = async (token: string): Promise<Page> => {
  const context = await stack.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context.newPage();
};

/** What the map (GET /api/properties/map) shows around the city, as a signed-in user sees it. */
const onMap = async (token: string): Promise<string[]> => {
  const res = await fetch(
    `${stack.baseUrl}/api/properties/map?city=${CITY}&bbox=73.5,19.8,74,20.2&zoom=11`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { points: { id: string }[] }).points.map((p) => p.id);
};

/** The cards of the signed-in search for the city, once the list has loaded. */
const searchCards = async (page: Page, count: number) => {
  await page.goto(`/properties?city=${CITY}`);
  await islandsHydrated(page);
  await page.getByText(`${count} ${count === 1 ? 'property' : 'properties'} found`).waitFor();
  return page.getByTestId('property-card');
};

describe('listing expiry with a clock the test controls', () => {
  it('day 25: the owner sees the reminder appear live, without a reload', async () => {
    const page = await signedIn(remindedToken);
    // The dashboard, with its notices loaded and the live stream open.
    const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/conversations/stream'));
    const noticesLoaded = page.waitForResponse((r) => r.url().endsWith('/api/reports/notices'));
    await page.goto('/dashboard');
    await islandsHydrated(page);
    await Promise.all([streamOpen, noticesLoaded]);
    expect(await page.getByTestId('expiry-reminder-notice').count()).toBe(0);

    const result = await stack.sweepExpiriesAt(new Date(createdBy + 25 * DAY));
    expect(result).toMatchObject({ reminded: 2, expired: 0, failures: 0 });

    const notice = page.getByTestId('expiry-reminder-notice');
    await notice.waitFor();
    const expiresOn = new Date(createdBy + 30 * DAY).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    expect(await notice.textContent()).toBe(
      `Is ${REMINDED} still available? Confirm in one click or it expires on ${expiresOn}. Still available`,
    );
    expect(await notice.getByRole('button', { name: 'Still available' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('the reminder email arrives; its link confirms without signing in, and says so when used again', async () => {
    const email = await mail.next(remindedOwner.email);
    expect(email.subject).toBe(`Is ${REMINDED} still available?`);
    confirmLink = linkIn(email, `${stack.baseUrl}/api/listing-confirmations/`);

    const visitor = await (await stack.newContext()).newPage();
    const first = await visitor.goto(confirmLink);
    expect(first?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'Still available' }).waitFor();
    expect(await visitor.getByTestId('confirm-result').textContent()).toBe(
      'Thank you: your property is confirmed as still available for another 30 days.',
    );

    const again = await visitor.goto(confirmLink);
    expect(again?.status()).toBe(409);
    await visitor.getByRole('heading', { name: 'Already used' }).waitFor();
    expect(await visitor.getByTestId('confirm-result').textContent()).toContain(
      'This link was already used',
    );
    await visitor.context().close();
  });

  it('the confirmed listing says so on its card and detail, and the reminder is gone', async () => {
    await stack.waitForSearchIdle();
    const page = await signedIn(remindedToken);
    const cards = await searchCards(page, 2);
    const card = cards.filter({ hasText: REMINDED });
    expect(await card.getByTestId('confirmed-ago').textContent()).toBe('Confirmed available today');
    await page.goto(`/properties/${remindedId}`);
    await islandsHydrated(page);
    await page
      .getByTestId('confirmed-ago')
      .filter({ hasText: 'Confirmed available today' })
      .waitFor();

    const noticesLoaded = page.waitForResponse((r) => r.url().endsWith('/api/reports/notices'));
    await page.goto('/dashboard');
    await islandsHydrated(page);
    await noticesLoaded;
    expect(await page.getByTestId('expiry-reminder-notice').count()).toBe(0);
    await page.context().close();
  });

  it('day 30: the unconfirmed listing is gone from search and the map, and its page answers 410', async () => {
    const result = await stack.sweepExpiriesAt(new Date(createdBy + 30 * DAY));
    // Only the unconfirmed one: the other was confirmed after `createdBy`.
    expect(result).toMatchObject({ expired: 1, failures: 0 });

    const page = await signedIn(forgottenToken);
    const cards = await searchCards(page, 1);
    expect(await cards.filter({ hasText: FORGOTTEN }).count()).toBe(0);
    expect(await cards.filter({ hasText: REMINDED }).count()).toBe(1);
    const pins = await onMap(forgottenToken);
    expect(pins).toContain(remindedId);
    expect(pins).not.toContain(forgottenId);

    // The projections process regenerates the public page as 'no longer available'.
    // (Until then the web process answers 410 from the event log, with the plain 'not found' page.)
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.baseUrl}/browse/${forgottenId}`);
          return `${res.status} ${(await res.text()).includes('similar-listings')}`;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('410 true');
    const visitor = await (await stack.newContext()).newPage();
    const gone = await visitor.goto(`/browse/${forgottenId}`);
    expect(gone?.status()).toBe(410);
    await visitor.getByRole('heading', { name: 'No longer available' }).waitFor();
    expect(await visitor.getByTestId('similar-listings').textContent()).toContain(REMINDED);
    await visitor.context().close();
    await page.context().close();
  });

  it("My Properties shows it 'Expired'; Renew puts it back in search, confirmed today", async () => {
    const page = await signedIn(forgottenToken);
    await page.goto('/my-properties');
    await islandsHydrated(page);
    const card = page.getByTestId('owner-card').filter({ hasText: FORGOTTEN });
    expect(await card.getByTestId('listing-status').textContent()).toBe('Expired');
    await card.getByRole('button', { name: 'Renew' }).click();
    await card.getByTestId('listing-status').filter({ hasText: 'Listed' }).waitFor();
    expect(await card.getByTestId('confirmed-ago').textContent()).toBe('Confirmed available today');

    await stack.waitForSearchIdle();
    const cards = await searchCards(page, 2);
    expect(
      await cards.filter({ hasText: FORGOTTEN }).getByTestId('confirmed-ago').textContent(),
    ).toBe('Confirmed available today');
    expect(await onMap(forgottenToken)).toContain(forgottenId);
    await page.context().close();
  });
});
