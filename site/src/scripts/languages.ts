import { isLocale, localePath, pathLocale } from '@rentals/core/i18n/locales';

/**
 * The language switch (core/src/ui/siteFrame.ts) points at this very page in
 * each language: the server wrote the built page's path, which on a page
 * served for many paths (/properties/{id}) is not the address. A choice is
 * remembered for a year, so the next visit opens in it.
 */
export const wireLanguages = () => {
  const { path } = pathLocale(location.pathname);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang]')) {
    const lang = link.dataset.lang;
    if (!isLocale(lang)) continue;
    link.href = `${localePath(lang, path)}${location.search}${location.hash}`;
    link.addEventListener('click', () => {
      document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
    });
  }
};
