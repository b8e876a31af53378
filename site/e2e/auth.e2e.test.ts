import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi, submitSignIn } from './harness/users.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const fresh = async (mobile = false) => {
  await context?.close();
  context = await stack.newContext({ mobile });
  page = await context.newPage();
  return page;
};

const toast = (text: string) => page.locator('.toast', { hasText: text });
const header = () => page.locator('.site-header');

describe('signing up, in and out', () => {
  const owner = newUser('homeowner');

  it('shows the visitor frame on the home page', async () => {
    await fresh();
    await page.goto('/');
    await header().getByRole('link', { name: 'Login' }).waitFor();
    expect(
      await header().getByRole('link', { name: 'Browse Properties' }).getAttribute('href'),
    ).toBe('/browse');
    expect(await header().getByRole('link', { name: 'Register' }).isVisible()).toBe(true);
    await page.getByText('Be the first to list a property in your area!').waitFor();
    await checkScreen(page, 'home-visitor');
  });

  it('lists every register rule in one alert', async () => {
    await page.goto('/register');
    await islandsHydrated(page);
    await page.getByLabel('Full Name').fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('12ab34');
    expect(await page.getByLabel('Phone').inputValue()).toBe('1234');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abd');
    expect(await page.getByLabel('I am a').inputValue()).toBe('homeowner');
    await checkScreen(page, 'register');
    // window.alert blocks the page until answered, so answer it from the event.
    const text = await new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      });
      void page.getByRole('button', { name: 'Create Account' }).click();
    });
    expect(text).toContain('Please fix the following errors:');
    for (const message of [
      'Name must be between 2 and 50 characters',
      'Please provide a valid email address',
      'Please provide a valid 10-digit phone number',
      'Password must be at least 6 characters long',
      'Passwords do not match',
    ])
      expect(text).toContain(message);
    expect(page.url()).toContain('/register');
  });

  it('registers a homeowner and lands on the dashboard with a toast', async () => {
    await registerThroughUi(page, owner);
    await toast('Registration successful!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.locator('#user-name', { hasText: owner.name }).waitFor();
    expect(await header().getByRole('link', { name: 'List Property' }).isVisible()).toBe(true);
    expect(
      await header().getByRole('link', { name: 'Browse Properties' }).getAttribute('href'),
    ).toBe('/properties');
    await page.getByText('No Properties Yet').waitFor();
    for (const label of ['Total Properties', 'Total Views', 'Unread Messages', 'Active Listings'])
      await page.locator('.stat-card', { hasText: label }).waitFor();
    await checkScreen(page, 'dashboard-owner');
  });

  it('opens the user menu and logs out to the home page', async () => {
    await page.locator('#user-button').click();
    for (const item of ['Dashboard', 'My Properties', 'Profile', 'Messages'])
      expect(
        await page.locator('#user-menu-list').getByRole('link', { name: item }).isVisible(),
      ).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toast('Logged out successfully').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await header().getByRole('link', { name: 'Login' }).waitFor();
  });

  it('checks login fields on blur and keeps the button disabled until they are valid', async () => {
    await page.goto('/login');
    await islandsHydrated(page);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const email = page.getByLabel('Email address');
    const password = page.getByLabel('Password', { exact: true });
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.isDisabled()).toBe(true);
    await email.focus();
    await password.focus();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Remember me').focus();
    await page.getByText('Password is required').waitFor();
    await email.fill('someone@');
    await email.blur();
    await page.getByText('Please enter a valid email address').waitFor();
    await password.fill('x');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await checkScreen(page, 'login-errors');
  });

  it('shows the server message on a wrong password and focuses the password field', async () => {
    await submitSignIn(page, { email: owner.email, password: 'wrong-password' });
    await page.getByRole('alert').first().waitFor();
    const message = await page.locator('.alert-error').textContent();
    expect(message?.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
  });

  it('sends a visitor from a protected page to login and back there afterwards', async () => {
    await fresh();
    await page.goto('/my-properties');
    await page.waitForURL('**/login?redirect=%2Fmy-properties');
    await islandsHydrated(page);
    await submitSignIn(page, owner);
    await page.waitForURL('**/my-properties');
    await toast('Login successful!').waitFor();
    await page.getByRole('heading', { name: 'My Properties' }).waitFor();
  });

  it('stays on the site after login whatever the redirect says (open redirect)', async () => {
    // Each as it would sit in a link; the page reads it with URLSearchParams.
    const hostile = [
      '/%09/evil.example/a',
      '/%0a/evil.example/a',
      '/%0d/evil.example/a',
      '//evil.example/a',
      '/%5Cevil.example/a',
      '%5C%5Cevil.example/a',
      '/.//evil.example/a',
      '%2F%2Fevil.example/a',
      '/%2509/evil.example/a',
      'https://evil.example/a',
      'javascript:alert(document.domain)',
    ];
    const leftLogin = (url: URL) => url.pathname !== '/login';
    const expectDashboard = () => {
      const url = new URL(page.url());
      expect(url.origin).toBe(stack.baseUrl);
      expect(url.pathname).toBe('/dashboard');
    };
    await fresh();
    await page.goto(`/login?redirect=${hostile[0]}`);
    await islandsHydrated(page);
    await submitSignIn(page, owner);
    await page.waitForURL(leftLogin);
    expectDashboard();
    // Signed in, /login sends the user on at once: the same check for every other spelling.
    for (const value of hostile.slice(1)) {
      await page.goto(`/login?redirect=${value}`);
      await page.waitForURL(leftLogin);
      expectDashboard();
    }
  });

  it('keeps tenants out of owner pages and shows their dashboard', async () => {
    await fresh();
    const tenant = newUser('tenant');
    await registerThroughUi(page, tenant);
    for (const label of ['Properties Viewed', 'Favourites', 'Unread Messages', 'Inquiries'])
      await page.locator('.stat-card', { hasText: label }).waitFor();
    // Real figures of a new account.
    await expect
      .poll(() => page.locator('.stat-card strong').allTextContents())
      .toEqual(['0', '0', '0', '0']);
    await page.getByRole('heading', { name: 'Recent Searches' }).waitFor();
    expect(await header().getByRole('link', { name: 'List Property' }).isVisible()).toBe(false);
    await checkScreen(page, 'dashboard-tenant');
    await page.goto('/add-property');
    await page.waitForURL('**/dashboard');
    await page.goto('/messages');
    await page.getByRole('heading', { name: 'No Messages Yet' }).waitFor();
    await checkScreen(page, 'messages');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe(tenant.name);
    await checkScreen(page, 'profile-tenant');
  });

  it('drops a stored token the server rejects', async () => {
    await fresh();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.goto('/dashboard');
    await page.waitForURL('**/login?redirect=%2Fdashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('works under the real Content-Security-Policy', async () => {
    await context?.close();
    context = await stack.newContext({ enforceCsp: true });
    page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    await registerThroughUi(page, newUser('homeowner', 'Csp Checker'));
    await page.goto('/browse');
    await page.locator('#browse-count:not(:empty)').waitFor();
    await page.goto('/add-property');
    await page.getByRole('heading', { name: 'Add New Property' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('has a working menu at phone width', async () => {
    await fresh(true);
    const owner2 = newUser('homeowner', 'Mobile Owner');
    await registerThroughUi(page, owner2);
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await header().getByRole('link', { name: 'List Property' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await header().getByRole('link', { name: 'List Property' }).waitFor();
    await checkScreen(page, 'mobile-menu');
  });
});
