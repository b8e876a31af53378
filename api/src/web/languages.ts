import { negotiateLocale, localePath, pathLocale } from '@rentals/core/i18n/locales';

/**
 * The first visit's language (issue 42). A page asked for without a language
 * (`/login`) by a browser whose Accept-Language prefers one the page exists in
 * (`/hi/login` was built), with no choice remembered (the language switch's
 * `lang` cookie, English included), goes there. Anything else is served as
 * asked: a chosen language always wins over the browser's.
 */
export const firstVisitTarget = (
  url: URL,
  headers: Headers,
  exists: (path: string) => boolean,
): string | null => {
  if (pathLocale(url.pathname).locale !== 'en') return null;
  if (/(?:^|;)\s*lang=/.test(headers.get('cookie') ?? '')) return null;
  const locale = negotiateLocale(headers.get('accept-language'));
  if (locale === 'en') return null;
  const target = localePath(locale, url.pathname);
  return exists(target) ? `${target}${url.search}` : null;
};
