import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { linkIn, mailbox, VERIFY_EMAIL_SUBJECT } from '@rentals/testing/mailbox';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi, signInThroughUi } from './harness/users.ts';

/**
 * Email verification as a person meets it (issue 41): the calm banner with
 * 'Resend the link', the link in the email opened in Chromium, the page that
 * says so, and the owner's 'Email verified' on a property's card.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
const mail = mailbox();

beforeAll(async () => {
  stack = await startStack();
  context = await stack.newContext();
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

const banner = () => page.getByTestId('confirm-email');

describe('confirming an email address', () => {
  const owner = newUser('homeowner', 'Kiran Confirming');
  let link = '';

  it('a new account sees a calm banner where it matters, and can have the link sent again', async () => {
    await registerThroughUi(page, owner, { confirm: false });
    await banner().getByText('Confirm your email address').waitFor();
    await checkScreen(page, 'confirm-email-banner');
    await page.goto('/add-property');
    await islandsHydrated(page);
    await banner().waitFor();
    await banner().getByRole('button', { name: 'Resend the link' }).click();
    await banner()
      .getByText('We sent a new link to your email address. It works for 7 days.')
      .waitFor();
    // The first link (at registration) and the one sent again: the newest is followed.
    await mail.next(owner.email, 30_000, VERIFY_EMAIL_SUBJECT);
    const again = await mail.next(owner.email, 30_000, VERIFY_EMAIL_SUBJECT);
    link = linkIn(again, `${stack.baseUrl}/verify-email?token=`);
  });

  it('the link in the email confirms the address and leads on; the banner is gone', async () => {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await expect(page.getByTestId('verify-result').textContent()).resolves.toBe(
      'Thank you: your email address is confirmed.',
    );
    await checkScreen(page, 'verify-email-confirmed');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await islandsHydrated(page);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await banner().count()).toBe(0);
  });

  it('a used link says the address is already confirmed; a forged one says what to do', async () => {
    await page.goto(link);
    await page.getByText('Your email address is already confirmed.').waitFor();
    await page.goto(`/verify-email?token=${link.split('token=')[1]!.slice(0, -3)}AAA`);
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await page.getByText("Sign in and choose 'Resend the link' to get a new one.").waitFor();
    await checkScreen(page, 'verify-email-invalid');
    await page.getByRole('link', { name: 'Sign in to get a new link' }).waitFor();
  });
});

describe("the owner's card", () => {
  it("shows 'Email verified' for a lister who confirmed their address", async () => {
    const lister = newUser('homeowner', 'Sunita Verified');
    const token = await registerViaApi(stack.baseUrl, lister);
    const id = await createListingViaApi(stack.baseUrl, token, {
      title: 'Sunny 1BHK near Kothrud depot',
      rent: 14000,
      area: 'Kothrud',
    });
    const tenant = newUser('tenant', 'Tanvi Looking');
    await registerViaApi(stack.baseUrl, tenant);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInThroughUi(page, tenant);
    await page.waitForURL('**/dashboard');
    await page.goto(`/properties/${id}`);
    await islandsHydrated(page);
    await page.getByTestId('email-verified').waitFor();
    expect(await banner().count()).toBe(0);
    await checkScreen(page, 'owner-email-verified');
  });
});
