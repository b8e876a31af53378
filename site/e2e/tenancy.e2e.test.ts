import { TERM_KEYS, TERMS } from '@rentals/core/listings/termCatalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { banerListingFields, fillFields } from './harness/fields.ts';
import { createListingViaApi, registerViaApi, waitForPublicCount } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

/**
 * Issue 18's tenancy terms end to end: an owner fills them in the form, the
 * detail page shows them, a tenant finds the listing by each term filter, and
 * a listing without terms (as every listing made before them) reads 'Not
 * specified' and is found by none of the filters.
 */

let stack: Stack;
let context: BrowserContext;
let page: Page;
let plainId: string;
let termsId: string;

const TITLE = 'Furnished 2BHK for bachelors in Baner';
const PLAIN = 'Plain flat in Baner without terms';
/** A move-in day three weeks ahead, as a date input takes it. */
const moveIn = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStack();
  const other = newUser('homeowner', 'Vikram Joshi');
  const token = await registerViaApi(stack.baseUrl, other);
  plainId = await createListingViaApi(stack.baseUrl, token, {
    title: PLAIN,
    rent: 24000,
    area: 'Baner',
    coordinates: { latitude: 18.559, longitude: 73.7868 },
  });
  await waitForPublicCount(stack.baseUrl, 'city=Pune', 1);
  context = await stack.newContext();
  page = await context.newPage();
});
afterAll(async () => {
  await stack?.stop();
});

const cards = () => page.getByTestId('property-card');
const titles = async () => (await cards().allTextContents()).join('\n');

describe('an owner gives the tenancy terms and a tenant finds the listing by each', () => {
  it('fills the Tenancy Terms section, with its rules and the deposit shown both ways', async () => {
    await registerThroughUi(page, newUser('homeowner', 'Sunita Patil'));
    await page.goto('/add-property');
    await page.getByRole('heading', { name: 'Add New Property' }).waitFor();
    await islandsHydrated(page);
    await page.getByRole('heading', { name: 'Tenancy Terms' }).waitFor();
    await fillFields(page, {
      ...banerListingFields({
        title: TITLE,
        description: 'Two bedrooms, fully furnished, lift and covered parking, near the market.',
        address: '7 Hill View Society',
        latitude: '18.5601',
        longitude: '73.7870',
      }),
      Bedrooms: '2',
    });

    await page.getByLabel('Furnishing').selectOption('fully-furnished');
    await page.getByLabel('Preferred Tenants').selectOption('bachelors');
    await page.getByLabel('Deposit In').selectOption('months');
    await page.getByLabel('Security Deposit').fill('2.25');
    await page.getByLabel('Available From').fill(moveIn);
    await page.getByLabel('Pets Allowed').selectOption('yes');
    await page.getByLabel('Food').selectOption('any');
    await page.getByLabel('Maintenance (₹ a month)').fill('2000');
    await page.getByLabel('Maintenance Included in Rent').selectOption('no');
    await page.getByLabel('Facing').selectOption('north-east');
    await page.getByLabel('Parking Space').selectOption('car');
    await page.getByLabel('Power Backup').selectOption('common-areas');
    // Furnished, parking and pet-friendly are views of their terms: choosing a term ticks its box.
    const box = (name: string) => page.getByRole('checkbox', { name, exact: true });
    for (const name of ['Furnished', 'Parking', 'Pet Friendly'])
      expect(await box(name).isChecked()).toBe(true);
    await box('Pet Friendly').uncheck();
    expect(await page.getByLabel('Pets Allowed').inputValue()).toBe('no');
    await box('Pet Friendly').check();
    expect(await page.getByLabel('Pets Allowed').inputValue()).toBe('yes');

    await page.getByRole('button', { name: 'Create Property' }).click();
    await page
      .locator('.field-error', {
        hasText: 'Security deposit must be 0 to 24 months of rent, in half months',
      })
      .waitFor();
    await page.getByLabel('Security Deposit').fill('3');
    await page.getByText('= ₹75,000 (3 months of rent)').waitFor();
    await checkScreen(page, 'add-property-tenancy');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.waitForURL('**/my-properties');
    await page.getByTestId('owner-card').waitFor();
    const edit = await page
      .getByTestId('owner-card')
      .getByRole('link', { name: 'Edit' })
      .getAttribute('href');
    termsId = edit?.split('/').filter(Boolean).at(-1) ?? '';
    expect(termsId).not.toBe('');
  });

  it('shows every term on the detail page, and the card shows furnishing and deposit', async () => {
    await page.goto(`/properties/${termsId}`);
    const terms = page.getByTestId('tenancy-terms');
    await terms.waitFor();
    const text = await terms.textContent();
    for (const shown of [
      'Fully furnished',
      '₹75,000 (3 months of rent)',
      'Bachelors',
      'Any food',
      '₹2,000 a month, on top of rent',
      'North-east',
      'Car',
      'Lifts and common areas',
    ])
      expect(text).toContain(shown);
    expect(text).not.toContain('Not specified');
  });

  it("reads 'Not specified' for every term of a listing without them", async () => {
    await page.goto(`/properties/${plainId}`);
    const terms = page.getByTestId('tenancy-terms');
    await terms.waitFor();
    // A row per term; the deposit's two units and maintenance's inclusion share theirs.
    const rows = TERM_KEYS.filter((k) => !('shownWith' in TERMS[k])).length;
    expect(await terms.locator('dd', { hasText: 'Not specified' }).count()).toBe(rows);
  });

  it.each([
    'furnishing=fully-furnished',
    'tenants=bachelors',
    'petsAllowed=true',
    'food=any',
    'maxDepositMonths=3',
    'maintenanceIncluded=false',
    `availableBy=${later}`,
    'facing=north-east',
    'parking=two-wheeler',
  ])('finds it by %s, and not the listing that does not say', async (query) => {
    await page.goto(`/properties?city=Pune&${query}`);
    await expect.poll(titles, { timeout: 15_000 }).toContain(TITLE);
    expect(await titles()).not.toContain(PLAIN);
  });

  it('searches by terms through the form, which says what happens to listings that do not say', async () => {
    await page.goto('/properties?city=Pune');
    await cards().first().waitFor();
    await islandsHydrated(page);
    const form = page.getByRole('search', { name: 'Search properties' });
    await form.getByRole('button', { name: 'Advanced Filters' }).click();
    await form.getByText("Listings that don't say are not shown").waitFor();
    await form.getByLabel('Furnishing').selectOption('fully-furnished');
    await form.getByLabel('Tenants').selectOption('bachelors');
    await form.getByLabel('Parking').selectOption('car');
    await checkScreen(page, 'search-tenancy-filters');
    await form.getByRole('button', { name: 'Search Properties' }).click();
    await page.waitForURL(
      '**/properties?city=Pune&furnishing=fully-furnished&tenants=bachelors&parking=car',
    );
    await expect.poll(titles, { timeout: 15_000 }).toContain(TITLE);
    expect(await cards().count()).toBe(1);
    expect(await cards().first().textContent()).toContain('Fully furnished');
  });
});
