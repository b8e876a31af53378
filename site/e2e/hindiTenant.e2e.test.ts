import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * Issue 42's done-when: a Hindi-speaking tenant registers, searches
 * `कोरमंगला 2 BHK 25 हज़ार तक`, saves the search and gets the alert email in
 * Hindi. Their browser prefers Hindi, so the first page they open is Hindi;
 * every label they use is the Hindi catalogue's (so a text left in English
 * fails to be found).
 */
const { t } = translatorFor('hi');
const QUERY = 'कोरमंगला 2 BHK 25 हज़ार तक';
const SEARCH_NAME = 'कोरमंगला में 2 BHK';

let stack: Stack;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
const tenant = newUser('tenant', 'Ritu Sharma');
const mail = mailbox();

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Prakash Rao'));
  const bengaluru = { city: 'Bengaluru', bedrooms: 2 };
  await createListingViaApi(stack.baseUrl, ownerToken, {
    ...bengaluru,
    title: '2 BHK flat near Forum mall',
    area: 'Koramangala',
    rent: 24_000,
  });
  await createListingViaApi(stack.baseUrl, ownerToken, {
    ...bengaluru,
    title: '2 BHK flat by the lake',
    area: 'Koramangala',
    rent: 30_000,
  });
  await createListingViaApi(stack.baseUrl, ownerToken, {
    ...bengaluru,
    title: '2 BHK flat near the metro',
    area: 'Indiranagar',
    rent: 20_000,
  });
  await stack.waitForSearchIdle();
  context = await stack.newContext({ locale: 'hi-IN' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

describe('a Hindi-speaking tenant', () => {
  it('is sent to the Hindi pages and registers in Hindi', async () => {
    await page.goto('/register');
    await page.waitForURL('**/hi/register');
    await islandsHydrated(page);
    await page.getByRole('heading', { name: t('auth.register.title') }).waitFor();
    await page.getByLabel(t('auth.register.name')).fill(tenant.name);
    await page.getByLabel(t('auth.register.email')).fill(tenant.email);
    await page.getByLabel(t('auth.register.phone')).fill(tenant.phone);
    await page.getByLabel(t('auth.register.role')).selectOption('tenant');
    await page.getByLabel(t('auth.password'), { exact: true }).fill(tenant.password);
    await page.getByLabel(t('auth.register.confirmPassword')).fill(tenant.password);
    await page.getByRole('button', { name: t('auth.register.submit') }).click();
    await page.waitForURL('**/hi/dashboard');
    await page
      .getByRole('heading', { name: t('dashboard.welcome', { name: tenant.name }) })
      .waitFor();
    // The confirmation email is Hindi (the account's language is the page's); its link opens in Hindi.
    const confirm = await mail.next(tenant.email, 30_000, t('email.verification.subject'));
    await page.goto(linkIn(confirm, `${stack.baseUrl}/verify-email?token=`));
    await page.waitForURL('**/hi/verify-email?token=*');
    await page.getByRole('heading', { name: t('auth.verify.doneTitle') }).waitFor();
  });

  it(`searches '${QUERY}': Koramangala, 2 BHK, at most ₹25,000`, async () => {
    await page.goto('/hi/properties');
    await islandsHydrated(page);
    await page.getByLabel(t('search.keywords')).fill(QUERY);
    await page.getByRole('button', { name: t('search.submit') }).click();
    await page.waitForURL(/\/hi\/properties\?.*q=/);
    const cards = page.getByTestId('property-card');
    await cards.filter({ hasText: '2 BHK flat near Forum mall' }).waitFor();
    expect(await cards.count()).toBe(1);
    await page.getByText(t('results.found', { n: 1 })).waitFor();
    await checkScreen(page, 'hi-search-koramangala-2bhk');
  });

  it('saves the search with instant alerts', async () => {
    await page.getByRole('button', { name: t('common.saveSearch.open') }).click();
    await page.getByLabel(t('common.saveSearch.name')).fill(SEARCH_NAME);
    await page.getByLabel(t('common.saveSearch.alerts')).selectOption('instant');
    await page.getByRole('button', { name: t('common.save'), exact: true }).click();
    await page.getByTestId('search-saved').waitFor();
  });

  it('gets the alert email in Hindi when a matching flat is listed, and not for one above the budget', async () => {
    // Above the ₹25,000 said in the search: no alert.
    await createListingViaApi(stack.baseUrl, ownerToken, {
      city: 'Bengaluru',
      bedrooms: 2,
      title: '2 BHK flat in Koramangala 1st block',
      area: 'Koramangala',
      rent: 28_000,
    });
    await createListingViaApi(stack.baseUrl, ownerToken, {
      city: 'Bengaluru',
      bedrooms: 2,
      title: '2 BHK flat in Koramangala 5th block',
      area: 'Koramangala',
      rent: 23_000,
    });
    const alert = await mail.next(
      tenant.email,
      60_000,
      t('email.alert.subject', { n: 1, search: SEARCH_NAME }),
    );
    expect(alert.text).toContain(t('email.alert.intro.instant'));
    expect(alert.text).toContain('2 BHK flat in Koramangala 5th block');
    expect(alert.text).toContain('₹23,000');
    expect(alert.text).not.toContain('1st block');
    // The header's bell says it in Hindi too.
    const count = page.getByTestId('bell-count');
    await expect.poll(() => count.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await count.textContent()).toBe(`1 ${t('frame.bell.unread', { n: 1 })}`);
    await page.getByRole('button', { name: t('frame.notifications') }).click();
    const item = page.getByTestId('bell-item').first();
    expect(await item.locator('a').textContent()).toBe(
      t('frame.bell.match', { search: SEARCH_NAME, title: '2 BHK flat in Koramangala 5th block' }),
    );
    expect(await item.locator('a').getAttribute('href')).toMatch(/^\/hi\/properties\//);
    expect(alert.text).not.toContain('Just listed');
  });
});
