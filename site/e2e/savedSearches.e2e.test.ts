import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { jpeg } from './harness/photos.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Saved searches end to end in Chromium: a tenant saves a search from the
 * search page; an owner lists a matching home; the tenant's Saved searches
 * page shows it arrive live, the email arrives in the mail catcher, and its
 * unsubscribe link works without signing in.
 */
let stack: Stack;
let tenant: Page;
let ownerToken: string;
const TITLE = 'Sunny flat near Kothrud depot';
const tenantUser = newUser('tenant', 'Sara Searcher');
const mail = mailbox();

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Om Owner'));
  const tenantToken = await registerViaApi(stack.baseUrl, tenantUser);
  const context = await stack.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), tenantToken);
  tenant = await context.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

describe('a saved search with alerts', () => {
  it('says so when the search has tenancy terms, which a saved search does not keep yet', async () => {
    await tenant.goto('/properties?city=Pune&furnishing=fully-furnished');
    await islandsHydrated(tenant);
    await tenant.getByRole('button', { name: 'Save this search' }).click();
    await tenant.getByTestId('terms-not-saved').waitFor();
    await tenant.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the tenant saves the search on the search page', async () => {
    await tenant.goto('/properties?city=Pune&propertyType=flat');
    await islandsHydrated(tenant);
    await tenant.getByRole('button', { name: 'Save this search' }).click();
    // No terms in this search: nothing to warn about.
    expect(await tenant.getByTestId('terms-not-saved').count()).toBe(0);
    await tenant.getByLabel('Name').fill('Flats in Pune');
    await tenant.getByLabel('Alerts').selectOption('instant');
    await tenant.getByRole('button', { name: 'Save', exact: true }).click();
    await tenant.getByTestId('search-saved').waitFor();
  });

  it('the Saved searches page lists it', async () => {
    await tenant.goto('/saved-searches');
    await islandsHydrated(tenant);
    await tenant.getByTestId('saved-search').filter({ hasText: 'Flats in Pune' }).waitFor();
  });

  it('a matching listing appears on the page live, without a reload', async () => {
    await createListingViaApi(stack.baseUrl, ownerToken, {
      title: TITLE,
      propertyType: 'flat',
      rent: 21000,
      city: 'Pune',
      area: 'Kothrud',
      bedrooms: 2,
      photos: [await jpeg('front.jpg', { r: 120, g: 160, b: 90 })],
    });
    await tenant.getByTestId('alert').filter({ hasText: TITLE }).waitFor();
  });

  it('the email arrives, and its one-click link unsubscribes without signing in', async () => {
    const email = await mail.next(tenantUser.email);
    expect(email.subject).toBe('1 new property for “Flats in Pune”');
    expect(email.text).toContain(TITLE);
    const link = linkIn(email, `${stack.baseUrl}/api/saved-searches/unsubscribe`);
    const visitor = await (await stack.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await tenant.reload();
    await islandsHydrated(tenant);
    await tenant
      .getByTestId('saved-search')
      .filter({ hasText: 'No alerts' })
      .filter({ hasText: 'Flats in Pune' })
      .waitFor();
  });
});
