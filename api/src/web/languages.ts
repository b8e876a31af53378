import { isLocale, negotiateLocale, localePath, pathLocale } from '@rentals/core/i18n/locales';

/**
 * The visit's language (issue 42). A page asked for without a language
 * (`/login`) goes to its page in the language the reader chose with the
 * switch (the `lang` cookie), or, with no choice remembered, the one their
 * browser prefers (Accept-Language), when that page exists (`/hi/login` was
 * built). A chosen language always wins over the browser's; English chosen
 * stays English.
 */
export const firstVisitTarget = (
  url: URL,
  headers: Headers,
  exists: (path: string) => boolean,
): string | null => {
  const target = firstVisitCandidate(url, headers);
  return target && exists(target) ? `${target}${url.search}` : null;
};

/**
 * The page a visit without a language would go to (without its query),
 * before asking whether it exists: the language chosen with the switch (its
 * `lang` cookie; English stays English), else the browser's first choice.
 * So a link in an email (`/verify-email?token=…`) opens in the reader's language.
 */
export const firstVisitCandidate = (url: URL, headers: Headers): string | null => {
  if (pathLocale(url.pathname).locale !== 'en') return null;
  const chosen = /(?:^|;)\s*lang=([a-z]{2})\b/.exec(headers.get('cookie') ?? '')?.[1];
  const locale = chosen !== undefined ? chosen : negotiateLocale(headers.get('accept-language'));
  return isLocale(locale) && locale !== 'en' ? localePath(locale, url.pathname) : null;
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
