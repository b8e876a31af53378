import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { linkIn, mailbox } from '@rentals/testing/mailbox';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi, signInThroughUi } from './harness/users.ts';

/** Forgot password through the real mail catcher, and the profile page. */
let stack: Stack;
let context: BrowserContext;
let page: Page;
const mail = mailbox();

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const fresh = async () => {
  await context?.close();
  context = await stack.newContext();
  page = await context.newPage();
  return page;
};

const toast = (text: string) => page.locator('.toast', { hasText: text });
const header = () => page.locator('.site-header');

const signIn = async (email: string, password: string) => {
  await signInThroughUi(page, { email, password });
};

describe('forgot password → email → new password', () => {
  const tenant = newUser('tenant', 'Rekha Reset');
  let link = '';

  it('asks for a link from the login page and gets the same answer as anyone', async () => {
    await fresh();
    await registerThroughUi(page, tenant);
    await fresh();
    await page.goto('/login');
    await islandsHydrated(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await islandsHydrated(page);
    await page.getByLabel('Email address').fill(tenant.email);
    await checkScreen(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for that email, we have sent a link to reset your password.')
      .waitFor();
    await checkScreen(page, 'forgot-password-sent');

    const received = await mail.next(tenant.email);
    expect(received.subject).toBe('Reset your Rentals password');
    link = linkIn(received, `${stack.baseUrl}/reset-password?token=`);
  });

  it('sets a new password through the link, then signs in with it', async () => {
    await page.goto(link);
    await islandsHydrated(page);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('brand-new-secreT');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await checkScreen(page, 'reset-password');
    await page.getByLabel('Confirm new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await toast('Your password has been reset. Please log in with your new password.').waitFor();

    await signIn(tenant.email, tenant.password);
    await page.getByText('Invalid email or password').waitFor();
    await signIn(tenant.email, 'brand-new-secret');
    await page.waitForURL('**/dashboard');
    await page.locator('#user-name', { hasText: tenant.name }).waitFor();
  });

  it('says a used link was used, and leads to a new one', async () => {
    await fresh();
    await page.goto(link);
    await islandsHydrated(page);
    await page.getByLabel('New password', { exact: true }).fill('third-secret');
    await page.getByLabel('Confirm new password').fill('third-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByText('This password reset link has already been used. Please ask for a new one.')
      .waitFor();
    await checkScreen(page, 'reset-password-used');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');
  });
});

describe('profile', () => {
  const owner = newUser('homeowner', 'Prakash Profile');

  it('changes the name, which the header shows at once and after a reload', async () => {
    await fresh();
    await registerThroughUi(page, owner);
    await page.goto('/profile');
    await islandsHydrated(page);
    const name = page.getByLabel('Full Name');
    await name.fill('P');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Name must be between 2 and 50 characters').waitFor();
    await name.fill('Prakash Renamed');
    await page.getByLabel('Phone').fill('9123456780');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Profile updated successfully').waitFor();
    await header().locator('#user-name', { hasText: 'Prakash Renamed' }).waitFor();
    await checkScreen(page, 'profile');
    await page.reload();
    await header().locator('#user-name', { hasText: 'Prakash Renamed' }).waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('9123456780');
  });

  it('chooses the language of its emails, which the next email is written in', async () => {
    const language = page.getByLabel('Emails and alerts in');
    expect(await language.inputValue()).toBe('en');
    await language.selectOption({ label: 'हिन्दी' });
    await toast('Language saved').waitFor();
    await page.reload();
    await islandsHydrated(page);
    expect(await page.getByLabel('Emails and alerts in').inputValue()).toBe('hi');

    const other = await stack.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/forgot-password');
    await islandsHydrated(otherPage);
    await otherPage.getByLabel('Email address').fill(owner.email);
    await otherPage.getByRole('button', { name: 'Send reset link' }).click();
    const received = await mail.next(owner.email);
    expect(received.subject).toBe('अपना Rentals पासवर्ड रीसेट करें');
    expect(received.text).toContain('नमस्ते Prakash Renamed,');
    await otherPage.goto(linkIn(received, `${stack.baseUrl}/reset-password?token=`));
    await islandsHydrated(otherPage);
    await otherPage.getByLabel('New password', { exact: true }).waitFor();
    await other.close();
  });

  it('chooses which notifications to get, kept after a reload', async () => {
    const settings = page.getByTestId('push-settings');
    const messages = settings.getByLabel('New messages and visits');
    const quiet = settings.getByLabel('Quiet hours: nothing from 10 pm to 7 am (India time)');
    expect(await messages.isChecked()).toBe(true);
    expect(await quiet.isChecked()).toBe(true);
    await messages.uncheck();
    await toast('Notification settings saved').waitFor();
    await page.reload();
    await islandsHydrated(page);
    expect(
      await page.getByTestId('push-settings').getByLabel('New messages and visits').isChecked(),
    ).toBe(false);
    expect(
      await page.getByTestId('push-settings').getByLabel('Instant saved-search alerts').isChecked(),
    ).toBe(true);
  });

  it('signs out of all devices, this one included', async () => {
    const other = await stack.newContext();
    const otherPage = await other.newPage();
    await signInThroughUi(otherPage, owner);
    await otherPage.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.waitForURL('**/login');
    await toast('Signed out of all devices').waitFor();

    // The other device's session ended too: its next page asks it to sign in. Its open dashboard may
    // hear of the revocation first and go to the sign-in page by itself, interrupting this navigation.
    await otherPage.goto('/profile').catch((error: unknown) => {
      if (!String(error).includes('interrupted by another navigation')) throw error;
    });
    await otherPage.waitForURL('**/login**');
    await other.close();
  });
});
