import { translatorFor, type MessageId } from '@rentals/core/i18n/catalogues';
import type { Translator } from '@rentals/core/i18n/translate';
import {
  DEFAULT_LOCALE,
  INTL_TAGS,
  LOCALES,
  localePath,
  type Locale,
} from '@rentals/core/i18n/locales';
import { pageMessagesOf } from '@rentals/core/i18n/pageMessages';
import { FRAME_SCRIPT_TEXTS, footerHtml, headerHtml } from '@rentals/core/ui/siteFrame';
import { markup, jsonLd, raw, withoutIndentation, type Html } from '@rentals/core/html/markup';
import { CITIES_PATH } from '../paths.ts';

export type PageMeta = {
  title: string;
  description: string;
  /** Site-relative path of this page; made absolute with the site's origin. */
  path: string;
  noindex?: boolean;
  /** Absolute or site-relative URL of the first photo, for link previews. */
  image?: string | undefined;
  structuredData?: unknown[];
  prevPath?: string | undefined;
  nextPath?: string | undefined;
  /**
   * Whether the page exists in every language of the site (the cities index,
   * the city pages, a listing's page): it then names its other languages
   * (hreflang) and offers the language switch.
   */
  translated?: boolean;
  /** The page's largest photo (card.ts preloadPhoto): asked for from the head. */
  preload?: Html | undefined;
};

export type SiteContext = {
  /** The public origin, e.g. https://rentals.example.in (no trailing slash). */
  siteUrl: string;
  /** Site-relative URL of the content-hashed stylesheet. */
  cssHref: string;
  /** Site-relative URL of the content-hashed header island (assets.ts). */
  scriptHref: string;
  /** The page's language: its texts, and its links stay in it (`/hi/browse/cities/pune`). */
  locale: Locale;
  /** The languages the translated pages are published in (paths.ts). */
  locales: readonly Locale[];
};

/** A path of the site in the page's language: '/browse/cities' → '/hi/browse/cities'. */
export const inLanguage = (site: SiteContext, path: string) => localePath(site.locale, path);

type Text = Translator<MessageId>['t'];

/** Messages with values as formatted, per language; emptied when full, so titles cannot grow it. */
const FORMATTED_MAX = 20_000;
const texts = new Map<Locale, Text>();

/**
 * The page's texts in its language. The pages repeat the same few messages with the same values
 * (a card's views, a type's name, a count) across hundreds of thousands of pages, so each is
 * formatted once; formatting is a pure function of the message and its values.
 */
export const textOf = (site: SiteContext): Text => {
  let text = texts.get(site.locale);
  if (!text) {
    const { t } = translatorFor(site.locale);
    const formatted = new Map<string, string>();
    text = (id, values) => {
      if (!values) return t(id);
      let key: string = id;
      // Each value with its kind: 1 and '1' may read differently (plural), a Date by its instant.
      for (const [name, value] of Object.entries(values))
        key += `\u0000${name}\u0000${typeof value}\u0000${value instanceof Date ? value.toISOString() : value}`;
      let out = formatted.get(key);
      if (out === undefined) {
        if (formatted.size >= FORMATTED_MAX) formatted.clear();
        out = t(id, values);
        formatted.set(key, out);
      }
      return out;
    };
    texts.set(site.locale, text);
  }
  return text;
};

export const absolute = (site: SiteContext, path: string) =>
  /^https?:\/\//.test(path) ? path : `${site.siteUrl}${path}`;

/** The other languages of a translated page, and x-default: the English page. */
const alternates = (site: SiteContext, path: string) =>
  markup`${site.locales.map(
    (locale) =>
      markup`<link rel="alternate" hreflang="${INTL_TAGS[locale]}" href="${absolute(site, localePath(locale, path))}" />`,
  )}<link rel="alternate" hreflang="x-default" href="${absolute(site, localePath(DEFAULT_LOCALE, path))}" />`;

/**
 * The frame of every public page: the app's own header and footer
 * (core/src/ui/siteFrame.ts), canonical URL, Open Graph and structured
 * data. One small deferred island (assets.ts) switches the header to the
 * signed-in menu when the browser has a session, opens the phone menu, and
 * what `data-show="out"` marks (Login, Register, the login banners) gives way
 * to what `"in"` marks. Without JavaScript the page, its cards and the
 * footer's links work; the phone menu stays closed.
 */
/**
 * The texts the header's script may show (core's FRAME_SCRIPT_TEXTS) in each
 * language, as a site page embeds them; '<' escaped, so no text can close the
 * script element.
 */
const FRAME_SCRIPT_JSON = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.stringify(pageMessagesOf(locale, FRAME_SCRIPT_TEXTS)).replaceAll('<', '\\u003c'),
  ]),
) as Record<Locale, string>;

/** Stands for the page's path in a frame made once (`frameOf`); no path of the site holds it. */
const PAGE_PATH = '/\u0000page';

/** The header and footer around `PAGE_PATH`, by language and the languages they switch between. */
const frames = new Map<string, { header: string[]; footer: string[] }>();

/**
 * The header and footer of a page, without the app's source indentation (as the pages' own
 * markup). They differ from page to page only in the language switch's links to the page's own path, so each language's pair is made once, with a stand-in for the
 * path, and a page fills its path in (a full build makes hundreds of thousands of pages).
 * '/' is the one path a language prefixes differently ('/hi', not '/hi/'): made as it is.
 */
const frameOf = (site: SiteContext, path: string, translated: boolean) => {
  const t = textOf(site);
  const locales = translated ? site.locales : [site.locale];
  const options = (at: string) => ({ visitorFirst: true, locale: site.locale, path: at, locales });
  if (path === '/')
    return {
      header: withoutIndentation(headerHtml(t, options(path))),
      footer: withoutIndentation(footerHtml(t, null, options(path))),
    };
  const key = `${site.locale} ${locales.join(',')}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = {
      header: withoutIndentation(headerHtml(t, options(PAGE_PATH))).split(PAGE_PATH),
      footer: withoutIndentation(footerHtml(t, null, options(PAGE_PATH))).split(PAGE_PATH),
    };
    frames.set(key, frame);
  }
  return { header: frame.header.join(path), footer: frame.footer.join(path) };
};

export const layout = (site: SiteContext, meta: PageMeta, body: Html): string => {
  const t = textOf(site);
  const here = (path: string) => absolute(site, inLanguage(site, path));
  const canonical = here(meta.path);
  const frame = frameOf(site, meta.path, meta.translated === true);
  return markup`<!doctype html>
    <html lang="${INTL_TAGS[site.locale]}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${meta.title} · Rentals</title>
        <meta name="description" content="${meta.description}" />
        <link rel="canonical" href="${canonical}" />
        ${meta.translated ? alternates(site, meta.path) : ''}
        ${meta.noindex ? markup`<meta name="robots" content="noindex, follow" />` : ''}
        ${meta.prevPath ? markup`<link rel="prev" href="${here(meta.prevPath)}" />` : ''}
        ${meta.nextPath ? markup`<link rel="next" href="${here(meta.nextPath)}" />` : ''}
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        ${meta.preload ?? ''}
        <link rel="stylesheet" href="${site.cssHref}" />
        <script type="module" src="${site.scriptHref}"></script>
        <meta property="og:site_name" content="Rentals" />
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="${INTL_TAGS[site.locale].replace('-', '_')}" />
        <meta property="og:title" content="${meta.title}" />
        <meta property="og:description" content="${meta.description}" />
        <meta property="og:url" content="${canonical}" />
        ${meta.image ? markup`<meta property="og:image" content="${absolute(site, meta.image)}" /><meta name="twitter:card" content="summary_large_image" />` : markup`<meta name="twitter:card" content="summary" />`}
        ${(meta.structuredData ?? []).map((data) => jsonLd(data))}
      </head>
      <body>
        <a class="skip-link" href="#main">${t('frame.skip')}</a>
        ${raw(frame.header)}
        <main id="main" tabindex="-1">${body}</main>
        ${raw(frame.footer)}
        <div class="toaster" id="toaster" role="region" aria-label="${t('frame.notifications')}" aria-live="polite" data-dismiss-label="${t('frame.toast.dismiss')}"></div>
        <script type="application/json" id="page-messages">${raw(FRAME_SCRIPT_JSON[site.locale])}</script>
      </body>
    </html> `.value;
};

/** schema.org BreadcrumbList from Cities down to `trail` (name and page path of each step). */
export const breadcrumbList = (site: SiteContext, trail: { name: string; path: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: [{ name: textOf(site)('publicSite.cities'), path: CITIES_PATH }, ...trail].map(
    (step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: absolute(site, inLanguage(site, step.path)),
    }),
  ),
});
