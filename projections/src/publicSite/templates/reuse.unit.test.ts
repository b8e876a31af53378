import { describe, expect, it } from 'vitest';
import { translatorFor } from '@rentals/core/i18n/catalogues';
import type { Locale } from '@rentals/core/i18n/locales';
import { footerHtml, headerHtml } from '@rentals/core/ui/siteFrame';
import type { PublicListing } from '../queries.ts';
import { cityPageCard, visitorCard } from './card.ts';
import { inLanguage, layout, textOf } from './layout.ts';
import { renderListingPage } from './listingPage.ts';
import { markup } from '@rentals/core/html/markup';

const site = (locale: Locale) => ({
  siteUrl: 'https://rentals.example.in',
  cssHref: '/assets/site.css',
  scriptHref: '/assets/header.js',
  locale,
  locales: ['en', 'hi', 'kn'] as const,
});

const listing = (id: string): PublicListing => ({
  id,
  citySlug: 'pune',
  city: 'Pune',
  title: 'Sunny 2 BHK <flat> & balcony',
  description: 'Near the metro',
  propertyType: 'flat',
  bedrooms: 2,
  bathrooms: 1,
  images: [{ url: '/media/a-1280.webp', width: 1280, height: 960 }],
  owner: { name: 'Asha Rao', role: 'homeowner' },
  isVerified: false,
  createdAt: new Date('2026-01-01'),
  updatedAt: new Date('2026-01-02'),
  views: 42,
});

/** What a full build renders once and reuses must read exactly as rendered afresh. */
describe('the public pages reuse what they rendered', () => {
  it('a card: once per row, language and loading, the same markup as the component renders', () => {
    const row = listing('l-1');
    for (const locale of ['en', 'hi', 'kn'] as const) {
      const s = site(locale);
      const fresh = (eager: boolean, priority: boolean) =>
        visitorCard(row, eager, {
          t: translatorFor(locale).t,
          href: (p) => inLanguage(s, p),
          priority,
        }).value;
      expect(cityPageCard(s, row, 0)).toBe(cityPageCard(s, row, 0));
      expect(cityPageCard(s, row, 0).value).toBe(fresh(true, true));
      expect(cityPageCard(s, row, 2).value).toBe(fresh(true, false));
      expect(cityPageCard(s, row, 7).value).toBe(fresh(false, false));
    }
    expect(cityPageCard(site('hi'), row, 7).value).not.toBe(cityPageCard(site('en'), row, 7).value);
  });

  it('a row read again is rendered afresh', () => {
    const edited = { ...listing('l-1'), title: 'Renovated 2 BHK' };
    expect(cityPageCard(site('en'), edited, 5).value).toContain('Renovated 2 BHK');
  });

  it("the frame: the header and footer as made for the page's own path", () => {
    for (const locale of ['en', 'hi', 'kn'] as const)
      for (const path of ['/browse/cities/pune/page/2', '/browse/l-9', '/']) {
        const s = site(locale);
        const options = { visitorFirst: true, locale, path, locales: s.locales };
        const t = translatorFor(locale).t;
        const page = layout(s, { title: 'T', description: 'D', path, translated: true }, markup``);
        const squeeze = (html: string) => html.replace(/\n\s+/g, '\n');
        expect(page).toContain(squeeze(headerHtml(t, options)));
        expect(page).toContain(squeeze(footerHtml(t, null, options)));
      }
  });

  it('a page carries none of the source indentation of its templates or frame', () => {
    for (const locale of ['en', 'hi', 'kn'] as const) {
      const row = { ...listing('l-2'), description: 'Two rooms.\n  Near the metro.' };
      const page = renderListingPage(site(locale), row);
      // The owner's own line break and spaces stay as written; nothing else starts a line with spaces.
      expect(page).toContain('translate="no">Two rooms.\n  Near the metro.</p>');
      expect(page.replaceAll('Two rooms.\n  Near the metro.', '')).not.toMatch(/\n[ \t]{2,}/);
    }
  });

  it('a message with values: as the translator formats it, for each value', () => {
    const t = textOf(site('en'));
    const { t: plain } = translatorFor('en');
    for (const n of [1, 2, 1, 2])
      expect(t('card.visitor.views', { n })).toBe(plain('card.visitor.views', { n }));
    expect(t('publicSite.city.heading', { type: 'flat', city: 'Pune' })).toBe(
      plain('publicSite.city.heading', { type: 'flat', city: 'Pune' }),
    );
  });
});
