import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mailbox } from '@rentals/testing/mailbox';
import { TOKEN_KEY } from '../src/lib/api.ts';
import { registerViaApi, ownerWithListings } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi, signInThroughUi } from './harness/users.ts';

/**
 * Issue 17's reports, end to end in Chromium: a tenant reports a listing
 * from its page (once: a second try says so), an admin reviews it on the
 * review screen with its history and delists it, and the owner is told in
 * the app and by email (the run's mail catcher).
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let listingId: string;
let rentedId: string;
const owner = newUser('homeowner', 'Rekha Owner');
const tenant = newUser('tenant', 'Tushar Tenant');
const TITLE = 'Sunny 1BHK in Baner, reported';
const RENTED = 'Corner flat in Baner, taken already';
const REASON = 'The photos are of another building';
const mail = mailbox();

const fresh = async () => {
  await context?.close();
  context = await stack.newContext();
  page = await context.newPage();
};

beforeAll(async () => {
  stack = await startStack();
  const { ids } = await ownerWithListings(stack, owner, [
    { title: TITLE, rent: 18000, area: 'Baner', bedrooms: 1 },
    { title: RENTED, rent: 16000, area: 'Baner', bedrooms: 1 },
  ]);
  [listingId, rentedId] = ids as [string, string];
});

const reportViaApi = async (token: string, id: string, reason: string) => {
  const res = await fetch(`${stack.baseUrl}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId: id, reason }),
  });
  if (res.status !== 201) throw new Error(`report failed: ${res.status} ${await res.text()}`);
};

describe("'Possibly rented'", () => {
  it("three 'Already rented' reports mark the listing on its card and its page", async () => {
    for (const name of ['Anil Tenant', 'Bina Tenant', 'Chetan Tenant'])
      await reportViaApi(
        await registerViaApi(stack.baseUrl, newUser('tenant', name)),
        rentedId,
        'Already rented',
      );
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${stack.baseUrl}/api/reports/possibly-rented?ids=${rentedId}`)
            ).json()) as { listingIds: string[] }
          ).listingIds,
        { timeout: 30_000 },
      )
      .toEqual([rentedId]);
    await fresh();
    await registerThroughUi(page, tenant);
    await page.goto('/properties?city=Pune');
    await islandsHydrated(page);
    const cards = page.getByTestId('property-card');
    await cards.filter({ hasText: RENTED }).getByText('Possibly rented').waitFor();
    expect(await cards.filter({ hasText: TITLE }).getByText('Possibly rented').count()).toBe(0);
    await page.goto(`/properties/${rentedId}`);
    await islandsHydrated(page);
    await page.getByText('Possibly rented').waitFor();
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('report → review → delist', () => {
  it('a tenant reports the listing from its page, once', async () => {
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    // Cancel closes the form and sends nothing.
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByLabel('Fake or scam').check();
    await page.getByLabel('Details (optional)').fill('Same photos as another listing');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page
      .getByText('Thank you. Your report was sent; our team will review this listing.')
      .waitFor();

    await page.reload();
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByLabel('Already rented').check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('You have already reported this listing').waitFor();
  });

  it('someone who is not an admin is sent away from the review screen', async () => {
    await page.goto('/admin/reports');
    await page.waitForURL('**/dashboard');
  });

  it('an admin reviews it with its history and delists it', async () => {
    await fresh();
    const token = await stack.adminToken();
    await page.goto('/');
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    await page.goto('/admin/reports');
    await islandsHydrated(page);
    const entry = page.getByRole('region', { name: TITLE });
    await entry.getByText('Fake or scam: 1').waitFor();
    await entry.getByRole('button', { name: 'Review' }).click();
    const history = entry.getByRole('list', { name: 'Listing history' });
    // History in words, never event type names.
    await history.getByText(/Listed by its owner/).waitFor();
    await history
      .getByText(/Reported as ‘Fake or scam’ \(“Same photos as another listing”\)/)
      .waitFor();
    expect(await history.textContent()).not.toMatch(/Listing[A-Z]/);
    await entry.getByLabel('Reason for the owner').fill(REASON);
    await entry.getByRole('button', { name: 'Delist' }).click();
    await page.getByText(`Delist: done for “${TITLE}”.`).waitFor();
    // Decided, it leaves the queue; the listing reported as rented still waits.
    await entry.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: RENTED }).getByText('Possibly rented').waitFor();
  });

  it('the owner is told by email and in the app, and the listing is delisted', async () => {
    const email = await mail.next(owner.email);
    expect(email.subject).toBe('Your listing was removed from Rentals');
    expect(email.text).toContain(REASON);

    await fresh();
    await signInThroughUi(page, owner);
    await page.waitForURL('**/dashboard');
    const notices = page.getByRole('region', { name: 'Notices from our team' });
    await notices.getByText(`Your listing was removed: ${TITLE} — ${REASON}`).waitFor();
    await page.getByText('Delisted').first().waitFor();
  });
});
