import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@rentals/core/i18n/locales';

/**
 * The languages the site's pages are built in: English at `/login`, Hindi and
 * Kannada under their code (`/hi/login`, `/kn/login`). What still reads in
 * English on them is listed in docs/i18n ("What is translated"). The
 * pseudo-locale build (astro.config.ts) builds English only.
 */
export const SITE_LOCALES: readonly Locale[] = import.meta.env.SITE_ENGLISH_ONLY
  ? [DEFAULT_LOCALE]
  : LOCALES;

/** Every page's getStaticPaths (pages live under `[...lang]/`; English has no prefix). */
export const localePaths = () =>
  SITE_LOCALES.map((locale) => ({
    params: { lang: locale === DEFAULT_LOCALE ? undefined : locale },
  }));

/** The page's language from its `lang` segment. */
export const localeOf = (lang: string | undefined): Locale =>
  isLocale(lang) ? lang : DEFAULT_LOCALE;
