import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { banerListingFields, fillFields } from './harness/fields.ts';
import { createListingViaApi, registerViaApi } from './harness/api.ts';
import { jpeg, type UploadFile } from './harness/photos.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

let stack: Stack;
let context: BrowserContext;
let page: Page;
let photos: UploadFile[];

beforeAll(async () => {
  stack = await startStack();
  context = await stack.newContext();
  page = await context.newPage();
  photos = [
    await jpeg('living-room.jpg', { r: 200, g: 80, b: 60 }),
    await jpeg('kitchen.jpg', { r: 40, g: 120, b: 200 }),
  ];
});
afterAll(async () => {
  await stack?.stop();
});

const toast = (text: string) => page.locator('.toast', { hasText: text });
const submission = () =>
  page.locator('.alert-error', { hasText: 'There were errors with your submission' });
const photoInput = () => page.locator('input[type="file"]');
const card = () => page.getByTestId('owner-card');

/** The Baner flat's basic and location fields, valid by every rule; coordinates as given ('' for none). */
const fillBanerListing = async (coordinates: { latitude: string; longitude: string }) => {
  await fillFields(
    page,
    banerListingFields({
      title: 'Sunny 2BHK near Baner hills',
      description: 'Two bedrooms, two bathrooms, covered parking and a view of the hills.',
      address: '14 Hill View Society',
      ...coordinates,
    }),
  );
};

describe('an owner lists, edits, delists and deletes a property', () => {
  const owner = newUser('homeowner', 'Meera Kulkarni');

  it('opens an empty form with the spec defaults', async () => {
    await registerThroughUi(page, owner);
    await page.locator('.site-header').getByRole('link', { name: 'List Property' }).click();
    await page.getByRole('heading', { name: 'Add New Property' }).waitFor();
    await islandsHydrated(page);
    for (const section of [
      'Basic Information',
      'Location Information',
      'Property Details',
      'Available Facilities',
      'Contact Preferences',
      'Property Images',
    ])
      await page.getByRole('heading', { name: section }).waitFor();
    expect(await page.getByLabel('Property Type').inputValue()).toBe('flat');
    expect(await page.getByLabel('Rent Type').inputValue()).toBe('monthly');
    expect(await page.getByLabel('Bedrooms').inputValue()).toBe('0');
    expect(await page.locator('.facility-grid input[type="checkbox"]').count()).toBe(10);
    expect(await page.locator('.facility-grid input:checked').count()).toBe(0);
    expect(await page.getByLabel('Show my phone number').isChecked()).toBe(true);
    expect(await page.getByLabel('Show my email address').isChecked()).toBe(false);
    await checkScreen(page, 'add-property');
  });

  // The form's rules load on the first send (lib/propertyRules.ts): the errors show a moment after it.
  const fieldErrors = (message: string) =>
    page.locator('.field-error', { hasText: message }).count();

  it('shows every client rule where the spec says', async () => {
    await page.getByRole('button', { name: 'Create Property' }).click();
    await submission().waitFor();
    for (const message of [
      'Title is required',
      'Description is required',
      'Rent must be greater than 0',
      'City is required',
      'Area is required',
      'Address is required',
      'Pin code is required',
    ])
      await expect.poll(() => fieldErrors(message), { message }).toBe(1);
    await page.getByLabel('Property Title').fill('Flat');
    await page.getByLabel('Description').fill('Too short');
    await page.getByLabel('Pin Code').fill('41a10');
    expect(await page.getByLabel('Pin Code').inputValue()).toBe('4110');
    await page.getByLabel('Latitude (optional)').fill('95');
    await page.getByLabel('Longitude (optional)').fill('200');
    await page.getByLabel('Floor', { exact: true }).fill('5');
    await page.getByLabel('Total Floors').fill('3');
    await page.getByLabel('Bathrooms').fill('');
    await page.getByLabel('Bathrooms').blur();
    expect(await page.getByLabel('Bathrooms').inputValue()).toBe('0');
    await page.getByRole('button', { name: 'Create Property' }).click();
    for (const message of [
      'Title must be at least 5 characters long',
      'Description must be at least 20 characters long',
      'Please enter a valid 6-digit pin code',
      'Latitude must be a valid number between -90 and 90',
      'Longitude must be a valid number between -180 and 180',
      'Floor number cannot be greater than total floors',
    ])
      await expect.poll(() => fieldErrors(message), { message }).toBe(1);
    await checkScreen(page, 'add-property-errors');
  });

  it('turns the counters orange above 90 and 900 characters', async () => {
    await page.getByLabel('Property Title').fill('x'.repeat(91));
    const counter = page.locator('.counter', { hasText: '91/100' });
    expect(await counter.getAttribute('class')).toContain('counter-warn');
    await page.getByLabel('Property Title').fill('x'.repeat(90));
    expect(
      await page.locator('.counter', { hasText: '90/100' }).getAttribute('class'),
    ).not.toContain('counter-warn');
    await page.getByLabel('Description').fill('y'.repeat(901));
    expect(await page.locator('.counter', { hasText: '901/1000' }).getAttribute('class')).toContain(
      'counter-warn',
    );
  });

  it('rejects bad photo batches whole', async () => {
    await photoInput().setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await page
      .getByText('notes.txt - Invalid file type. Only JPEG, PNG, and WebP are allowed.')
      .waitFor();
    await photoInput().setInputFiles([
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    ]);
    await page.getByText('huge.jpg - File too large. Maximum size is 5MB.').waitFor();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...photos[0]!, name: `p${i}.jpg` }));
    await photoInput().setInputFiles(eleven);
    await page.getByText('Maximum 10 images allowed. You can add 10 more images.').waitFor();
    expect(await page.getByTestId('new-photo').count()).toBe(0);
  });

  it("lists the server's field errors under the submission heading", async () => {
    // Passes the client's checks (name and type) but the server checks the bytes.
    await fillBanerListing({ latitude: '', longitude: '' });
    await page.getByLabel('Floor', { exact: true }).fill('0');
    await photoInput().setInputFiles([
      { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a picture') },
    ]);
    await page.getByRole('button', { name: 'Create Property' }).click();
    await submission().waitFor();
    expect(await submission().locator('li').count()).toBeGreaterThan(0);
    await toast('').first().waitFor();
    await page.getByRole('button', { name: 'Remove new photo fake.jpg' }).click();
  });

  it('creates the listing with two photos and goes to My Properties after the banner', async () => {
    await fillBanerListing({ latitude: '18.559', longitude: '73.7868' });
    await page.getByLabel('Bedrooms').fill('2');
    await page.getByLabel('Bathrooms').fill('2');
    await page.getByLabel('Area (sq ft)').fill('950');
    await page.getByLabel('Floor', { exact: true }).fill('3');
    await page.getByLabel('Total Floors').fill('7');
    await page.getByLabel('WiFi').check();
    await page.getByRole('checkbox', { name: 'Parking' }).check();
    await photoInput().setInputFiles(photos);
    expect(await page.getByTestId('new-photo').count()).toBe(2);
    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.getByText('Property created successfully!', { exact: true }).first().waitFor();
    await toast('Property created successfully!').waitFor();
    await page.waitForURL('**/my-properties');
    await card().waitFor();
  });

  it('shows the listing in My Properties', async () => {
    const text = await card().textContent();
    expect(text).toContain('Sunny 2BHK near Baner hills');
    expect(text).toContain('₹25,000');
    expect(text).toContain('Listed');
    expect(text).toContain('Baner, Pune');
    expect(text).toContain('WiFi');
    expect(await card().locator('.carousel-counter').textContent()).toBe('1 / 2');
    expect(await page.locator('.stat-card', { hasText: 'Total Views' }).count()).toBe(1);
    await checkScreen(page, 'my-properties');
  });

  it('edits the rent and removes a photo', async () => {
    await card().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/edit-property/**');
    await page.getByRole('heading', { name: 'Edit Property' }).waitFor();
    expect(await page.getByLabel('Rent (₹)').inputValue()).toBe('25000');
    // The photo picker loads after the form (below the fold on a phone).
    await expect.poll(() => page.getByTestId('existing-photo').count()).toBe(2);
    await page.getByLabel('Rent (₹)').fill('27500');
    await page.getByRole('button', { name: 'Remove current photo 1' }).click();
    expect(await page.getByTestId('existing-photo').count()).toBe(1);
    await checkScreen(page, 'edit-property');
    await page.getByRole('button', { name: 'Update Property' }).click();
    await toast('Property updated successfully!').waitFor();
    await page.waitForURL('**/my-properties');
    await card().locator('.rent', { hasText: '₹27,500' }).waitFor();
    expect(await card().locator('.carousel-counter').count()).toBe(0);
  });

  it('shows the full detail page to its owner', async () => {
    await card().getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/properties\/[^/]+$/);
    await page.getByRole('heading', { name: 'Sunny 2BHK near Baner hills' }).waitFor();
    const body = await page.locator('main').textContent();
    expect(body).toContain('₹27,500');
    expect(body).toContain('per month');
    expect(body).toContain('14 Hill View Society, Baner, Pune - 411045');
    expect(body).toContain('Area (Sq Ft)');
    expect(body).toContain('Available');
    expect(body).toContain('Pending');
    // Their own listing: a way to edit it, not their own contact details, no 'Send Message'.
    const own = page.getByTestId('own-listing');
    expect(await own.getByRole('link', { name: 'Edit listing' }).getAttribute('href')).toMatch(
      /^\/edit-property\/[^/]+$/,
    );
    expect(await page.getByRole('heading', { name: 'Contact Owner' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Call Owner/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Send Message/ }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Location & Navigation' }).waitFor();
    expect(await page.getByTestId('gallery-counter').textContent()).toBe('1 / 1');
    await checkScreen(page, 'property-detail');
    await page.getByRole('button', { name: 'Open full-screen photo viewer' }).click();
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor();
    await page.getByRole('button', { name: 'Fill screen' }).click();
    await page.getByRole('button', { name: 'Fit to screen' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor({ state: 'detached' });
  });

  it('delists and lists again', async () => {
    await page.goto('/my-properties');
    await card().getByRole('button', { name: 'Delist' }).click();
    await card().locator('.badge', { hasText: 'Delisted' }).waitFor();
    await card().getByRole('button', { name: 'List', exact: true }).click();
    await card().locator('.badge', { hasText: 'Listed' }).waitFor();
  });

  it('deletes through the dialog, which Escape and the backdrop close', async () => {
    await card().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Property' });
    await dialog.waitFor();
    expect(await dialog.locator('#delete-text').textContent()).toBe(
      'Are you sure you want to delete "Sunny 2BHK near Baner hills"? This action cannot be undone and all property data will be permanently removed.',
    );
    await checkScreen(page, 'delete-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card().getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: 'detached' });
    await card().getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete Property' }).click();
    await toast('Property deleted successfully!').waitFor();
    await page.getByRole('heading', { name: 'No Properties Yet' }).waitFor();
    expect(await card().count()).toBe(0);
  });

  it('shows the edit page not-found screen for a missing listing', async () => {
    await page.goto('/edit-property/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Property Not Found' }).waitFor();
    await page.getByText("The property you're trying to edit doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Back to My Properties' }).waitFor();
  });

  it('shows another owner’s listing as not theirs instead of a prefilled form', async () => {
    const other = await registerViaApi(stack.baseUrl, newUser('homeowner', 'Other Owner'));
    const theirs = await createListingViaApi(stack.baseUrl, other, {
      title: 'Someone else’s flat in Wakad',
      rent: 18000,
      area: 'Wakad',
      bedrooms: 1,
    });
    await page.goto(`/edit-property/${theirs}`);
    await page.getByRole('heading', { name: 'Not Your Property' }).waitFor();
    await page.getByText('You can only change your own properties.').waitFor();
    expect(await page.getByLabel('Property Title').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to My Properties' }).waitFor();
  });
});
