import { pathLocale } from '@rentals/core/i18n/locales';

/**
 * Id routes are shell pages: the server serves the same HTML for every
 * /properties/{id} (and /kn/properties/{id}, each language's shell); the
 * island reads the id from the address.
 */
export const idFromPath = (pathname: string, prefix: string): string | null => {
  const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(pathLocale(pathname).path);
  const id = match?.[1] ? decodeURIComponent(match[1]) : null;
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
};
