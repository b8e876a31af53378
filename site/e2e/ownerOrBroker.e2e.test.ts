import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TOKEN_KEY } from '../src/lib/api.ts';
import { createListingViaApi, registerViaApi, waitForListed } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, signInThroughUi, type TestUser } from './harness/users.ts';

/**
 * Owner or broker, with reasons (issue 41), end to end in Chromium: a tenant
 * sees who lists each home on the cards, the lister's trust card on a
 * listing's page, and narrows the search to 'Owners only'; an admin reads a
 * posing homeowner's evidence on 'Possible brokers' and asks them to confirm;
 * the homeowner answers 'I am a broker' on their dashboard and their listings
 * say 'Broker' from then on.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
const owner = newUser('homeowner', 'Asha Kulkarni');
const broker = newUser('broker', 'Vikram Brokerage');
const agent = newUser('homeowner', 'Sameer Posing');
const tenant = newUser('tenant', 'Tara Tenant');
let ownerListing = '';
let agentListing = '';

const fresh = async (mobile = false) => {
  await context?.close();
  context = await stack.newContext({ mobile });
  page = await context.newPage();
};
const signInAs = async (user: TestUser) => {
  await fresh();
  await signInThroughUi(page, user);
  await page.waitForURL('**/dashboard');
};
const cardTexts = async () => page.getByTestId('property-card').allTextContents();
const fitsWidth = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  stack = await startStack();
  const ownerToken = await registerViaApi(stack.baseUrl, owner);
  ownerListing = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: 'Family flat in Kothrud',
    rent: 21000,
    area: 'Kothrud',
  });
  const brokerToken = await registerViaApi(stack.baseUrl, broker);
  await createListingViaApi(stack.baseUrl, brokerToken, {
    title: 'Agency flat in Kothrud',
    rent: 22000,
    area: 'Kothrud',
  });
  // Four homes at four addresses in three cities: two signals, enough to be asked.
  const agentToken = await registerViaApi(stack.baseUrl, agent);
  const homes = [
    ['Pune', 'Aundh'],
    ['Pune', 'Baner'],
    ['Mumbai', 'Andheri'],
    ['Nashik', 'Gangapur'],
  ] as const;
  for (const [i, [city, area]] of homes.entries()) {
    const id = await createListingViaApi(stack.baseUrl, agentToken, {
      title: `Sameer's flat ${i + 1} in ${area}`,
      rent: 18000 + i * 1000,
      city,
      area,
    });
    if (i === 0) agentListing = id;
  }
  await registerViaApi(stack.baseUrl, tenant);
  await waitForListed(stack, 'city=Pune', 4);
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

describe('a tenant', () => {
  it('sees who lists each home, Owner or Broker, and keeps to owners with "Owners only"', async () => {
    await signInAs(tenant);
    await page.goto('/properties?city=Pune&area=Kothrud');
    await islandsHydrated(page);
    await page.getByTestId('property-card').nth(1).waitFor();
    const texts = await cardTexts();
    expect(texts.find((t) => t.includes('Family flat'))).toContain('Owner');
    expect(texts.find((t) => t.includes('Agency flat'))).toContain('Broker');

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page.getByLabel('Listed by').selectOption('true');
    await page.getByRole('button', { name: 'Search Properties' }).click();
    await page.waitForURL((url) => url.searchParams.get('ownersOnly') === 'true');
    await expect.poll(async () => (await cardTexts()).length, { timeout: 15_000 }).toBe(1);
    expect((await cardTexts())[0]).toContain('Family flat in Kothrud');
  });

  it("reads the lister's trust card on the listing's page", async () => {
    await page.goto(`/properties/${ownerListing}`);
    await islandsHydrated(page);
    const card = page.getByTestId('lister-card');
    await card.getByRole('heading', { name: 'About the owner' }).waitFor();
    expect(await card.getByTestId('lister-card-label').textContent()).toBe('Asha Kulkarni · Owner');
    const text = await card.textContent();
    expect(text).toContain('Member since');
    expect(text).toContain('Listings live1');
    expect(text).toContain('Reports upheldNone');
    // Too few conversations to judge by: nothing said about replies.
    expect(text).not.toContain('Replies');
    expect(await page.getByTestId('lister-label').textContent()).toBe('Owner');
    await checkScreen(page, 'lister-card-desktop');
  });
});

describe('an admin', () => {
  it("reads a posing homeowner's evidence on 'Possible brokers' and asks them to confirm", async () => {
    await fresh();
    await page.goto('/');
    const token = await stack.adminToken();
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    await page.goto('/admin');
    await islandsHydrated(page);
    await page.getByRole('link', { name: 'Possible brokers' }).click();
    await page.waitForURL('**/admin/brokers');
    await page.getByRole('heading', { name: 'Possible brokers' }).waitFor();
    const row = page.getByTestId('broker-account').filter({ hasText: agent.name });
    await row.waitFor();
    const evidence = await row.textContent();
    expect(evidence).toContain('4 listings at 4 different addresses');
    expect(evidence).toContain('Listings in 3 cities: Mumbai, Nashik, Pune');
    expect(evidence).toContain('Strength 50 of 100');
    expect(await page.getByTestId('broker-account').filter({ hasText: owner.name }).count()).toBe(
      0,
    );
    await checkScreen(page, 'admin-brokers-desktop');
    await row.getByRole('button', { name: 'Ask to confirm role' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Asked by an admin to confirm whether an owner or a broker' })
      .waitFor();
    await row.getByText(/Asked to confirm their role on/).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth()).toBe(true);
  });
});

describe('the homeowner asked', () => {
  it("answers 'I am a broker' on their dashboard, and their listings say Broker", async () => {
    await signInAs(agent);
    const question = page.getByTestId('role-question');
    await question.getByRole('heading', { name: 'Are you the owner or a broker?' }).waitFor();
    await question.getByRole('button', { name: 'I am a broker' }).click();
    await page.getByText('Thank you. Your listings now show you as a broker.').waitFor();
    expect(await page.getByTestId('role-question').count()).toBe(0);

    await page.goto(`/properties/${agentListing}`);
    await islandsHydrated(page);
    // Their own page has no contact card; the lister card says it.
    await expect
      .poll(() => page.getByTestId('lister-card-label').textContent(), { timeout: 15_000 })
      .toBe(`${agent.name} · Broker`);
    await page.getByRole('heading', { name: 'About the broker' }).waitFor();
  });

  it('is not asked again, and the honest owner never was', async () => {
    await page.goto('/dashboard');
    await islandsHydrated(page);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await page.getByTestId('role-question').count()).toBe(0);
    await signInAs(owner);
    await page.getByText('Quick Actions').waitFor();
    expect(await page.getByTestId('role-question').count()).toBe(0);
  });
});
