/**
 * The languages the product speaks (issue 42): English exactly as the
 * specification writes it, Hindi (Devanagari) and Kannada (Bengaluru's
 * language, a second script). A language is a short code in URLs (`/hi/…`),
 * on the account and in the catalogues; `INTL_TAGS` gives the tag Intl
 * formats with (Indian English, so rents group as ₹1,50,000).
 *
 * Pure and browser-safe.
 */
export const LOCALES = ['en', 'hi', 'kn'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The tag Intl formats numbers, dates and plurals with. */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'kn-IN' };

/**
 * The tag numbers inside messages are grouped with: India's lakh grouping
 * (1,50,000) in every language. CLDR's Kannada groups in threes (150,000),
 * which no Kannada rental listing writes; digits stay Latin either way.
 */
export const NUMBER_TAGS: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'en-IN' };

/** Each language named in itself, as a language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  hi: 'हिन्दी',
  kn: 'ಕನ್ನಡ',
};

/** The BCP 47 primary subtag of each entry of an Accept-Language header, best first. */
const acceptedLanguages = (header: string): string[] =>
  header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A malformed weight ('q=abc') counts as 0: the entry is ignored, not promoted.
      const weight = params.find((p) => /^\s*q\s*=/i.test(p));
      const q =
        weight === undefined
          ? 1
          : Number(/^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(weight)?.[1] ?? 0);
      return { tag: tag.trim().toLowerCase(), q, i };
    })
    .filter((e) => e.tag !== '' && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((e) => e.tag.split('-')[0]!);

/**
 * The language of a first visit from its Accept-Language header: the first
 * language the browser prefers that we speak, else English. 'hi-IN,en;q=0.8'
 * → 'hi'; 'ta-IN,en;q=0.9' → 'en'.
 */
export const negotiateLocale = (header: string | null | undefined): Locale =>
  acceptedLanguages((header ?? '').slice(0, 500)).find(isLocale) ?? DEFAULT_LOCALE;

/** A site path in a language: '/login' → '/hi/login', '/' → '/hi'; English keeps the path as it is. */
export const localePath = (locale: Locale, path: string): string =>
  locale === DEFAULT_LOCALE ? path : `/${locale}${path === '/' ? '' : path}`;

/** A site path's language and the path without it: '/kn/browse' → kn and '/browse'; '/login' → en. */
export const pathLocale = (pathname: string): { locale: Locale; path: string } => {
  const [, code, rest] = /^\/([a-z]{2})(\/.*)?$/.exec(pathname) ?? [];
  return code !== DEFAULT_LOCALE && isLocale(code)
    ? { locale: code, path: rest ?? '/' }
    : { locale: DEFAULT_LOCALE, path: pathname };
};
