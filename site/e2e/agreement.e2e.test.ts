import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser } from './harness/users.ts';

/**
 * The rental agreement on a phone (issue 44): the owner reaches it from My
 * Properties and sets the terms with a deposit above two months' rent; the
 * tenant reaches it from the dashboard, sees the warning and confirms; the
 * owner confirms and downloads the draft in English and Hindi, and the
 * English one says the figures and the deposit warning. The let is made as
 * in use: the tenant asks about the home, the owner marks it let to them
 * (POST /api/properties/:id/let; the dialog itself is site/e2e/lets.e2e.test.ts).
 */
let stack: Stack;
const contexts: BrowserContext[] = [];
let owner: Page;
let tenant: Page;
const TITLE = 'Quiet 1BHK near Lalbagh';
const ownerUser = newUser('homeowner', 'Omkar Owner');
const tenantUser = newUser('tenant', 'Tara Tenant');

const phoneFor = async (token: string) => {
  const context = await stack.newContext({ mobile: true });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  contexts.push(context);
  return context.newPage();
};

beforeAll(async () => {
  stack = await startStack();
  const ownerToken = await registerViaApi(stack.baseUrl, ownerUser);
  const tenantToken = await registerViaApi(stack.baseUrl, tenantUser);
  const listingId = await createListingViaApi(stack.baseUrl, ownerToken, {
    title: TITLE,
    rent: 20000,
    area: 'Jayanagar',
  });
  const asked = await fetch(`${stack.baseUrl}/api/conversations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenantToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId, body: 'Is it still free?', messageId: randomUUID() }),
  });
  const { conversation } = (await asked.json()) as { conversation: { id: string } };
  const let_ = await fetch(`${stack.baseUrl}/api/properties/${listingId}/let`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      to: { conversationId: conversation.id },
      rent: 20000,
      deposit: 40000,
      moveIn: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    }),
  });
  expect(let_.status, await let_.clone().text()).toBe(201);
  owner = await phoneFor(ownerToken);
  tenant = await phoneFor(tenantToken);
}, 600_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.stop();
});

describe('rental agreement', () => {
  it('owner sets terms, both confirm, the draft downloads in English and Hindi', async () => {
    await owner.goto('/my-properties');
    await islandsHydrated(owner);
    await owner.getByRole('link', { name: 'Rental agreement' }).click();
    await owner.getByTestId('agreement-form').waitFor();
    await owner.getByLabel('Security deposit (₹)').fill('100000');
    await owner.getByRole('button', { name: 'Save terms' }).click();
    await owner.getByText('The deposit (₹1,00,000) is 5 months’ rent.', { exact: false }).waitFor();
    await checkScreen(owner, 'agreement-owner-390');

    await tenant.goto('/dashboard');
    await islandsHydrated(tenant);
    await tenant.getByTestId('your-agreements').getByRole('link', { name: TITLE }).click();
    await tenant.getByTestId('agreement-terms').waitFor();
    expect(await tenant.getByTestId('agreement-checks').textContent()).toContain(
      'limits the security deposit for a home to two months’ rent (₹40,000)',
    );
    await tenant.getByRole('button', { name: 'I confirm these terms' }).click();
    await tenant.getByText('You confirmed these terms.').waitFor();
    await checkScreen(tenant, 'agreement-tenant-390');

    await owner.reload();
    await owner.getByRole('button', { name: 'I confirm these terms' }).click();
    for (const [name, file] of [
      ['Download (English)', 'rental-agreement-en.pdf'],
      ['डाउनलोड करें (हिन्दी)', 'rental-agreement-hi.pdf'],
    ] as const) {
      const [download] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByRole('button', { name }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file);
      if (file.endsWith('-en.pdf')) {
        const { text } = await extractText(new Uint8Array(await readFile(await download.path())), {
          mergePages: true,
        });
        for (const said of ['Omkar Owner', 'Tara Tenant', TITLE, '₹20,000', '₹1,00,000'])
          expect(text).toContain(said);
        expect(text).toContain('The deposit (₹1,00,000) is 5 months’ rent');
      }
    }
  }, 120_000);
});
