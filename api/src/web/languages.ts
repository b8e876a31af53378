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
  const target = firstVisitCandidate(url, headers);
  return target && exists(target) ? `${target}${url.search}` : null;
};

/** The page a first visit would go to (without its query), before asking whether it exists. */
export const firstVisitCandidate = (url: URL, headers: Headers): string | null => {
  if (pathLocale(url.pathname).locale !== 'en') return null;
  if (/(?:^|;)\s*lang=/.test(headers.get('cookie') ?? '')) return null;
  const locale = negotiateLocale(headers.get('accept-language'));
  return locale === 'en' ? null : localePath(locale, url.pathname);
};

/** The answer that sends a first visit to its language's page. */
export const firstVisitRedirect = (location: string, headers: Record<string, string>) =>
  new Response(null, {
    status: 302,
    headers: {
      location,
      vary: 'accept-language, cookie',
      'cache-control': 'no-cache',
      ...headers,
    },
  });
