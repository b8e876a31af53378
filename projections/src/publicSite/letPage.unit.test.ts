import { describe, expect, it } from 'vitest';
import type { Locale } from '@rentals/core/i18n/locales';
import { renderGoneListingPage } from './templates/listingPage.ts';

const site = (locale: Locale) => ({
  siteUrl: 'https://rentals.example.in',
  cssHref: '/assets/site.css',
  scriptHref: '/assets/header.js',
  locale,
  locales: ['en', 'hi', 'kn'] as const,
});

/** A let home's public page (issue 44) says it was let, in each language, not 'not found'. */
describe("a let home's public page", () => {
  it('says the home has been let, with the status of a delisting (404)', () => {
    const page = String(
      renderGoneListingPage(site('en'), 'l-1', 'pune', 404, undefined, { let: true }),
    );
    expect(page.startsWith('<!-- status 404 -->')).toBe(true);
    expect(page).toContain('This home has been let');
    expect(page).not.toContain('Property Not Found');
    expect(
      String(renderGoneListingPage(site('hi'), 'l-1', 'pune', 404, undefined, { let: true })),
    ).toContain('यह घर किराये पर दे दिया गया है');
  });
  it('a plain delisting still says not found', () => {
    const page = String(renderGoneListingPage(site('en'), 'l-1', 'pune', 404));
    expect(page).toContain('Property Not Found');
    expect(page).not.toContain('has been let');
  });
});
