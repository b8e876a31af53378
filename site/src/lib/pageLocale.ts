import { DEFAULT_LOCALE, isLocale, type Locale } from '@rentals/core/i18n/locales';

/**
 * The languages the site's pages are built in: English at `/login`, another
 * language under its code (`/hi/login`). A language joins when every page,
 * island and message reads in it (docs/i18n); Hindi and Kannada are being
 * written, so today the pages are built in English only.
 */
export const SITE_LOCALES: readonly Locale[] = ['en'];

/** Every page's getStaticPaths (pages live under `[...lang]/`; English has no prefix). */
export const localePaths = () =>
  SITE_LOCALES.map((locale) => ({
    params: { lang: locale === DEFAULT_LOCALE ? undefined : locale },
  }));

/** The page's language from its `lang` segment. */
export const localeOf = (lang: string | undefined): Locale =>
  isLocale(lang) ? lang : DEFAULT_LOCALE;
