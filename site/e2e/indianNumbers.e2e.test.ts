import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ownerWithListings } from './harness/api.ts';
import { banerListingFields, fillFields } from './harness/fields.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

/**
 * Issue 42's Indian numbers end to end: amounts typed as Indians write them
 * ('೨೫k' in Kannada digits, '1.5 lakh') reach the API and the URL as whole
 * rupees, and read back as ₹25,000 and ₹1,50,000.
 */

let stack: Stack;
let context: BrowserContext;
let page: Page;

const WITHIN = 'Sea-facing 3BHK in Bandra';
const BEYOND = 'Penthouse with a terrace in Bandra';

beforeAll(async () => {
  stack = await startStack();
  await ownerWithListings(stack, newUser('homeowner', 'Farah Merchant'), [
    { title: WITHIN, rent: 120_000, city: 'Mumbai', area: 'Bandra', bedrooms: 3 },
    { title: BEYOND, rent: 200_000, city: 'Mumbai', area: 'Bandra', bedrooms: 4 },
  ]);
});
afterAll(async () => {
  await stack?.stop();
});

const newPage = async () => {
  await context?.close();
  context = await stack.newContext();
  page = await context.newPage();
};

describe('a tenant types the most they will pay as people say it', () => {
  it("searches with a max rent of '1.5 lakh' and the URL and results use 150000", async () => {
    await newPage();
    await registerThroughUi(page, newUser('tenant', 'Rohan Kapoor'));
    await page.goto('/');
    await islandsHydrated(page);
    const form = page.getByRole('search', { name: 'Search properties' });
    await form.getByLabel('City').fill('Mumbai');
    await form.getByRole('button', { name: 'Advanced Filters' }).click();
    await form.getByLabel('Max Rent (₹)').fill('1.5 lakh');
    // The amount it read, said quietly under the field and tied to it.
    const hint = form.getByText('₹1,50,000', { exact: true });
    await hint.waitFor();
    const described = await form.getByLabel('Max Rent (₹)').getAttribute('aria-describedby');
    expect(described).toBe(await hint.getAttribute('id'));
    await form.getByRole('button', { name: 'Search Properties' }).click();
    await page.waitForURL('**/properties?city=Mumbai&maxRent=150000');
    await page.getByText('1 property found').waitFor();
    const text = (await page.getByTestId('property-card').allTextContents()).join('\n');
    expect(text).toContain(WITHIN);
    expect(text).toContain('₹1,20,000/month');
    expect(text).not.toContain(BEYOND);
  });
});

describe('an owner types the rent in Kannada digits', () => {
  it("lists a flat with the rent typed '೨೫k' and the listing shows ₹25,000", async () => {
    await newPage();
    await registerThroughUi(page, newUser('homeowner', 'Kavya Gowda'));
    await page.goto('/add-property');
    await page.getByRole('heading', { name: 'Add New Property' }).waitFor();
    await islandsHydrated(page);
    await fillFields(page, {
      ...banerListingFields({
        title: 'Airy 2BHK with a balcony in Baner',
        description: 'Two bedrooms, a balcony over the garden and covered parking near the market.',
        address: '3 Garden Lane',
        latitude: '18.5590',
        longitude: '73.7868',
      }),
      'Rent (₹)': '೨೫k',
      Bedrooms: '2',
    });
    await page.getByText('₹25,000 per month', { exact: true }).waitFor();
    await checkScreen(page, 'add-property-rent-in-kannada-digits');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.waitForURL('**/my-properties');
    const card = page.getByTestId('owner-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('₹25,000');
    const edit = await card.getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = edit?.split('/').filter(Boolean).at(-1) ?? '';
    expect(id).not.toBe('');

    await page.goto(`/properties/${id}`);
    await page.getByRole('heading', { name: 'Airy 2BHK with a balcony in Baner' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('₹25,000');
    // Edited again, the rent is the digits the API keeps.
    await page.goto(edit ?? '');
    await page.getByRole('heading', { name: 'Edit Property' }).waitFor();
    await islandsHydrated(page);
    expect(await page.getByLabel('Rent (₹)').inputValue()).toBe('25000');
  });
});
