import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TOKEN_KEY } from '../src/lib/api.ts';
import { createListingViaApi, registerViaApi, waitForListed } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Issue 17, end to end in Chromium: three 'Fake or scam' reports hide a
 * listing pending review. A tenant no longer finds it in search and is told
 * it is under review on its page; its owner sees 'Hidden pending review';
 * an admin dismisses the reports and it is back in the tenant's search.
 */
let stack: Stack;
let context: BrowserContext | undefined;
let page: Page;
let listingId: string;
let ownerToken: string;
let tenantToken: string;
const TITLE = 'Garden flat in Aundh, too cheap to be true';
const KEPT = 'Top floor 2BHK in Aundh';

/** A fresh browser signed in with `token`. */
const signedIn = async (token: string) => {
  await context?.close();
  context = await stack.newContext();
  page = await context.newPage();
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
};

const searchAundh = async () => {
  await page.goto('/properties?city=Pune&area=Aundh');
  await islandsHydrated(page);
  await page.getByTestId('property-card').filter({ hasText: KEPT }).waitFor();
  return page.getByTestId('property-card').filter({ hasText: TITLE });
};

beforeAll(async () => {
  // Reporters are told apart by address: the test sends each one's as a proxy would.
  stack = await startStack({ env: { TRUST_PROXY_HOPS: '1' } });
  ownerToken = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Hema Owner'));
  tenantToken = await registerViaApi(stack.baseUrl, newUser('tenant', 'Ravi Tenant'));
  const listing = { propertyType: 'flat', city: 'Pune', area: 'Aundh', bedrooms: 2 } as const;
  listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    ...listing,
    title: TITLE,
    rent: 6000,
  });
  await createListingViaApi(stack.baseUrl, ownerToken, { ...listing, title: KEPT, rent: 26000 });
  await waitForListed(stack, 'city=Pune', 2);
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

describe('hidden pending review → dismissed', () => {
  it("three 'Fake or scam' reports take it out of the tenant's search; its page says it is under review", async () => {
    await signedIn(tenantToken);
    await (await searchAundh()).waitFor();
    const report = async (token: string, address: string) => {
      const res = await fetch(`${stack.baseUrl}/api/reports`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ listingId, reason: 'Fake or scam' }),
      });
      if (res.status !== 201) throw new Error(`report failed: ${res.status} ${await res.text()}`);
    };
    // A throwaway account's report is recorded but hides nothing.
    await report(
      await registerViaApi(stack.baseUrl, newUser('tenant', 'Dev Throwaway')),
      '192.0.2.9',
    );
    // Accounts older than a day, each from its own address, do.
    const reporters = ['Anu Tenant', 'Bala Tenant', 'Chitra Tenant'].map((name) =>
      newUser('tenant', name),
    );
    const tokens = [];
    for (const user of reporters) tokens.push(await registerViaApi(stack.baseUrl, user));
    await stack.backdateAccounts(
      reporters.map((u) => u.email),
      2 * 24 * 60 * 60 * 1000,
    );
    for (const [i, token] of tokens.entries()) await report(token, `192.0.2.${10 + i}`);
    await waitForListed(stack, 'city=Pune', 1);
    await (await searchAundh()).waitFor({ state: 'detached' });
    await page.goto(`/properties/${listingId}`);
    await islandsHydrated(page);
    await page.getByText('This listing is under review').waitFor();
  });

  it("its owner sees it as 'Hidden pending review' in My Properties, with why", async () => {
    await signedIn(ownerToken);
    await page.goto('/my-properties');
    await islandsHydrated(page);
    const card = page.getByTestId('owner-card').filter({ hasText: TITLE });
    await card.getByTestId('listing-status').getByText('Hidden pending review').waitFor();
    await card.getByText(/waiting for our team to review the reports/).waitFor();
  });

  it('an admin dismisses the reports and it is back in the search', async () => {
    await signedIn(await stack.adminToken());
    await page.goto('/admin/reports');
    await islandsHydrated(page);
    const entry = page.getByRole('region', { name: TITLE });
    await entry.getByText('Fake or scam: 4').waitFor();
    await entry.getByRole('button', { name: 'Review' }).click();
    await entry
      .getByRole('list', { name: 'Listing history' })
      .getByText(/Hidden for review after 3 reports/)
      .waitFor();
    // The admin judges the four a brigade: the throwaway account is ticked already, the others by hand.
    const reports = entry.getByRole('group', { name: 'Open reports' });
    await reports
      .getByText(/account under an hour old · .*does not count towards hiding/)
      .waitFor();
    // The three were made together (backdated alike): shown as one cluster, each weighing 1, with why.
    const counting = reports.getByRole('checkbox', {
      name: /account 2 days old · account created within an hour of others \(group 1\) · counts towards hiding \(weighs 1 toward hiding\)/,
    });
    await reports.getByText('Account 2 days old, email confirmed: counts as 1').first().waitFor();
    expect(await counting.count()).toBe(3);
    for (const box of await counting.all()) await box.check();
    await entry
      .getByRole('button', {
        name: 'Undo brigade: dismiss 4 ticked reports and restore the listing',
      })
      .click();
    await page.getByText('Brigade undone: 4 reports dismissed, listing restored.').waitFor();

    await waitForListed(stack, 'city=Pune', 2);
    await signedIn(tenantToken);
    await (await searchAundh()).waitFor();
  });
});
