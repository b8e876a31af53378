import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fillFields } from './harness/fields.ts';
import { islandsHydrated } from './harness/islands.ts';
import { checkScreen } from './harness/screens.ts';
import { startStack, type Stack } from './harness/stack.ts';
import { newUser, registerThroughUi } from './harness/users.ts';

/**
 * Issue 42's done-when: a Kannada owner lists a flat with the rent typed
 * `25k` in Kannada digits. The owner switches the site to ಕನ್ನಡ, fills the
 * property form by its Kannada labels (the pin code in Kannada digits too),
 * is told its rules in Kannada, and the listing keeps ₹25,000; the pages
 * after it stay in Kannada.
 */

let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  context = await stack.newContext();
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

const TITLE = 'ಕೋರಮಂಗಲದಲ್ಲಿ ಬಾಲ್ಕನಿ ಇರುವ 2BHK ಫ್ಲ್ಯಾಟ್';

describe('a Kannada owner lists a flat', () => {
  it("types the rent as '೨೫k' on /kn/add-property and the listing is ₹25,000", async () => {
    await registerThroughUi(page, newUser('homeowner', 'Kavya Gowda'));
    // The language switch: the dashboard in Kannada, the choice remembered.
    await page.locator('a[data-lang="kn"]').first().click();
    await page.waitForURL('**/kn/dashboard');
    await islandsHydrated(page);
    await page.getByRole('link', { name: 'ಪ್ರಾಪರ್ಟಿ ಸೇರಿಸಿ' }).click();
    await page.waitForURL('**/kn/add-property');
    await page.getByRole('heading', { name: 'ಹೊಸ ಪ್ರಾಪರ್ಟಿ ಸೇರಿಸಿ' }).waitFor();
    await islandsHydrated(page);
    expect(await page.title()).toContain('ಪ್ರಾಪರ್ಟಿ ಲಿಸ್ಟ್ ಮಾಡಿ');

    // Sent empty, the form says what is missing in Kannada.
    const create = page.getByRole('button', { name: 'ಪ್ರಾಪರ್ಟಿ ಸೇರಿಸಿ', exact: true });
    await create.click();
    await page.getByRole('alert').getByText('ಶೀರ್ಷಿಕೆ ಅಗತ್ಯವಿದೆ').first().waitFor();

    await fillFields(page, {
      'ಪ್ರಾಪರ್ಟಿಯ ಶೀರ್ಷಿಕೆ': TITLE,
      ವಿವರಣೆ: 'ಎರಡು ಬೆಡ್‌ರೂಮ್‌ಗಳು, ತೋಟದ ಕಡೆ ಬಾಲ್ಕನಿ ಮತ್ತು ಮಾರುಕಟ್ಟೆಯ ಹತ್ತಿರ ಮುಚ್ಚಿದ ಪಾರ್ಕಿಂಗ್.',
      'ಬಾಡಿಗೆ (₹)': '೨೫k',
      ನಗರ: 'Bengaluru',
      'ಏರಿಯಾ / ಬಡಾವಣೆ': 'Koramangala',
      'PIN ಕೋಡ್': '೫೬೦೦೩೪',
      'ಪೂರ್ಣ ವಿಳಾಸ': '12 80 Feet Road',
      'ಅಕ್ಷಾಂಶ (ಐಚ್ಛಿಕ)': '12.9352',
      'ರೇಖಾಂಶ (ಐಚ್ಛಿಕ)': '77.6245',
      ಬೆಡ್‌ರೂಮ್‌ಗಳು: '2',
    });
    // The amount it read, said under the field in Kannada; the pin code in Latin digits.
    await page.getByText('₹25,000 ತಿಂಗಳಿಗೆ', { exact: true }).waitFor();
    expect(await page.getByLabel('PIN ಕೋಡ್').inputValue()).toBe('560034');
    await checkScreen(page, 'kn-add-property-rent-in-kannada-digits');
    await create.click();

    // Saved, the owner lands on their properties in Kannada.
    await page.waitForURL('**/kn/my-properties');
    const card = page.getByTestId('owner-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('₹25,000');
    expect(await card.getByTestId('listing-status').textContent()).toBe('ಲಿಸ್ಟ್ ಆಗಿದೆ');
    const edit = card.getByRole('link', { name: 'ಬದಲಿಸಿ' });
    const href = (await edit.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/kn\/edit-property\/[A-Za-z0-9_-]+$/);

    // Edited again: the Kannada form, and the rent is the digits the API keeps.
    await edit.click();
    await page.getByRole('heading', { name: 'ಪ್ರಾಪರ್ಟಿ ಬದಲಿಸಿ' }).waitFor();
    await islandsHydrated(page);
    expect(await page.getByLabel('ಬಾಡಿಗೆ (₹)').inputValue()).toBe('25000');
    expect(await page.getByLabel('ಪ್ರಾಪರ್ಟಿಯ ಶೀರ್ಷಿಕೆ').inputValue()).toBe(TITLE);
  });

  it('reads the other language on the switch in a font cut to its letters, not boxes', async () => {
    // Chromium says which fonts drew a node's text: our web fonts (isCustomFont), not the system's.
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const fontsOf = async (selector: string) => {
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
    };
    await page.evaluate(() => document.fonts.ready);
    // On a Kannada page: हिन्दी in the name font (Devanagari cut to its letters), ಕನ್ನಡ in the page's own.
    const hindi = await fontsOf('footer a[data-lang="hi"]');
    expect(hindi).toEqual([expect.objectContaining({ isCustomFont: true })]);
    expect(hindi[0]!.glyphCount).toBeGreaterThan(0);
    expect(hindi[0]!.familyName).toMatch(/Devanagari/);
    const kannada = await fontsOf('footer a[data-lang="kn"]');
    expect(kannada).toEqual([expect.objectContaining({ isCustomFont: true })]);
    expect(kannada[0]!.familyName).toMatch(/Kannada/);
    await cdp.detach();
  });
});
