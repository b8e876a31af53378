import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * The let recorded (issue 44), end to end in Chromium: an owner and a tenant
 * talk about a home; the owner marks it let to that tenant from My
 * Properties (at 390 px); it leaves search and its page says Let; a saved
 * search made meanwhile is not alerted when the owner lists it again (a
 * relist after a let is not new), while a new home is.
 */
let stack: Stack;
let ownerContext: BrowserContext;
let owner: Page;
let tenant: Page;
let ownerToken: string;
let tenantToken: string;
let listingId: string;
const TITLE = 'Quiet 2BHK near Baner hill';
const ownerUser = newUser('homeowner', 'Lata Landlord');
const tenantUser = newUser('tenant', 'Kiran Kumar');

const api = async <T>(path: string, token: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${stack.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
};

/** Whether the tenant's search of the title finds the home. */
const inSearch = async () =>
  (
    await api<{ properties: { _id: string }[] }>(
      `/api/properties?search=${encodeURIComponent('Baner hill')}`,
      tenantToken,
    )
  ).properties.some((p) => p._id === listingId);

const signedIn = async (token: string) => {
  const context = await stack.newContext();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return context;
};

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await registerViaApi(stack.baseUrl, ownerUser);
  tenantToken = await registerViaApi(stack.baseUrl, tenantUser);
  listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: TITLE,
    rent: 32000,
    area: 'Baner',
  });
  await api('/api/conversations', tenantToken, {
    method: 'POST',
    body: JSON.stringify({ listingId, body: 'Is it still free?', messageId: randomUUID() }),
  });
  ownerContext = await signedIn(ownerToken);
  owner = await ownerContext.newPage();
  await owner.setViewportSize({ width: 390, height: 844 });
  tenant = await (await signedIn(tenantToken)).newPage();
});
afterAll(async () => {
  await stack?.stop();
});

describe('an owner marks a home let to the tenant they talked to', () => {
  it('from My Properties at 390 px: the tenant by name, the agreed figures; the card says Let', async () => {
    await expect.poll(inSearch, { timeout: 15_000 }).toBe(true);
    await owner.goto('/my-properties');
    await islandsHydrated(owner);
    const card = owner.getByTestId('owner-card').filter({ hasText: TITLE });
    await card.getByRole('button', { name: 'Mark as let' }).click();
    const dialog = owner.getByTestId('let-dialog');
    await dialog.waitFor();
    const who = dialog.getByLabel('Who is renting it?');
    await expect.poll(() => who.locator('option').allTextContents()).toContain('Kiran Kumar');
    await who.selectOption({ label: 'Kiran Kumar' });
    const rent = dialog.getByLabel('Agreed rent a month (₹)');
    expect(await rent.inputValue()).toBe('32000');
    await rent.fill('30000');
    await dialog.getByLabel('Deposit (₹)').fill('60000');
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await checkScreen(owner, 'mark-let-390');
    await dialog.getByRole('button', { name: 'Mark as let' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('listing-status').textContent()).toBe('Let');
    expect(await card.getByTestId('let-figures').textContent()).toContain('Let at ₹30,000 a month');
    await card.getByRole('button', { name: 'List' }).waitFor();
    const mine = await api<{ lets: { tenant: { name: string } | null; rent: number }[] }>(
      '/api/lets/mine',
      tenantToken,
    );
    expect(mine.lets).toMatchObject([{ tenant: { name: 'Kiran Kumar' }, rent: 30000 }]);
  });

  it('the home leaves search and its page says Let', async () => {
    await expect.poll(inSearch, { timeout: 15_000 }).toBe(false);
    await tenant.goto(`/properties/${listingId}`);
    await islandsHydrated(tenant);
    await expect
      .poll(() => tenant.getByTestId('availability').textContent(), { timeout: 15_000 })
      .toBe('Let');
  });

  it('listing it again does not alert a saved search as a new home; a new home does', async () => {
    const { savedSearch } = await api<{ savedSearch: { id: string } }>(
      '/api/saved-searches',
      tenantToken,
      {
        method: 'POST',
        body: JSON.stringify({ name: 'Pune flats', filters: { city: 'Pune' }, alert: 'instant' }),
      },
    );
    const newMatches = async () =>
      (
        await api<{ savedSearches: { id: string; newMatches: number }[] }>(
          '/api/saved-searches',
          tenantToken,
        )
      ).savedSearches.find((s) => s.id === savedSearch.id)?.newMatches;
    const card = owner.getByTestId('owner-card').filter({ hasText: TITLE });
    await card.getByRole('button', { name: 'List' }).click();
    await expect.poll(() => card.getByTestId('listing-status').textContent()).toBe('Listed');
    await expect.poll(inSearch, { timeout: 15_000 }).toBe(true);
    // A new home in Pune after it: once the alerts have taken it in, the relist before it has been too.
    await createListingViaApi(stack.baseUrl, ownerToken, {
      title: 'Fresh 1BHK in Aundh',
      rent: 18000,
      area: 'Aundh',
    });
    await expect.poll(newMatches, { timeout: 20_000 }).toBe(1);
    expect(await newMatches()).toBe(1);
  });
});
