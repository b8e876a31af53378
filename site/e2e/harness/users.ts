import { confirmEmailAt } from '@rentals/testing/mailbox';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { islandsHydrated } from './islands.ts';

export type TestUser = {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: 'homeowner' | 'broker' | 'tenant';
};

export const newUser = (
  role: TestUser['role'],
  name = role === 'tenant' ? 'Tara Tenant' : 'Omkar Owner',
): TestUser => ({
  name,
  email: `${role}-${randomBytes(4).toString('hex')}@example.in`,
  phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  password: 'secret-pass-1',
  role,
});

/**
 * Registers through the page, as a person would, and waits for the dashboard;
 * then confirms the email address by the mailed link (`confirmEmailAt`), unless
 * `confirm` is false. The page loaded before confirming still shows the banner.
 */
export const registerThroughUi = async (
  page: Page,
  user: TestUser,
  { confirm = true } = {},
): Promise<void> => {
  await page.goto('/register');
  await islandsHydrated(page);
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone').fill(user.phone);
  await page.getByLabel('I am a').selectOption(user.role);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  // A new account is welcomed, not welcomed back.
  await page.getByRole('heading', { name: `Welcome, ${user.name}!` }).waitFor();
  if (confirm) await confirmEmailAt(new URL(page.url()).origin, user.email);
};

type Credentials = Pick<TestUser, 'email' | 'password'>;

/** Fills the login form of a hydrated login page and submits it; the caller waits for where it lands. */
export const submitSignIn = async (page: Page, { email, password }: Credentials): Promise<void> => {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Opens /login and signs in through the form, as a person would. */
export const signInThroughUi = async (page: Page, credentials: Credentials): Promise<void> => {
  await page.goto('/login');
  await islandsHydrated(page);
  await submitSignIn(page, credentials);
};
