import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/catalogues.ts';
import { footerHtml, headerHtml } from './siteFrame.ts';

const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('the frame in a language', () => {
  it('in English alone: English words, no language switch, links as they are', () => {
    const { t } = translatorFor('en');
    const html = headerHtml(t) + footerHtml(t, 2026);
    expect(html).toContain('>Browse Properties<');
    expect(html).toContain('© 2026 Rentals. All rights reserved.');
    expect(html).not.toContain('lang-switch');
    expect(links(html)).toContain('/browse/cities');
    expect(links(html).filter((l) => l?.startsWith('/hi'))).toEqual([]);
  });

  it('in Hindi: Hindi words, every link stays in Hindi, and a switch to the same page', () => {
    const { t } = translatorFor('hi');
    const options = { locale: 'hi', path: '/saved-searches', locales: ['en', 'hi', 'kn'] } as const;
    const html = headerHtml(t, options) + footerHtml(t, 2026, options);
    expect(html).toContain('>प्रॉपर्टी देखें<');
    expect(html).toContain('>मेरी प्रॉपर्टी<');
    expect(html).not.toMatch(/>(Browse Properties|Login|Register|Quick Links)</);
    const site = links(html).filter((l) => l?.startsWith('/') && !l.startsWith('/kn'));
    expect(site.filter((l) => !l!.startsWith('/hi') && l !== '/saved-searches')).toEqual([]);
    expect(links(html)).toEqual(expect.arrayContaining(['/hi', '/hi/browse', '/hi/my-properties']));
    const switches = [
      ...html.matchAll(
        /<a href="([^"]*)" hreflang="(\w+)" lang="\w+" data-lang="\w+"( aria-current="true")?>([^<]*)</g,
      ),
    ].map(([, href, lang, current, name]) => [href, lang, Boolean(current), name]);
    // The same three in the header and the footer.
    expect(switches).toEqual([
      ...[
        ['/saved-searches', 'en', false, 'English'],
        ['/hi/saved-searches', 'hi', true, 'हिन्दी'],
        ['/kn/saved-searches', 'kn', false, 'ಕನ್ನಡ'],
      ],
      ...[
        ['/saved-searches', 'en', false, 'English'],
        ['/hi/saved-searches', 'hi', true, 'हिन्दी'],
        ['/kn/saved-searches', 'kn', false, 'ಕನ್ನಡ'],
      ],
    ]);
    expect(html).toContain('aria-label="भाषा"');
  });
});
