import { IMMUTABLE } from '@rentals/core/contentTypes';
/**
 * A generated page that must not answer 200 (a delisted listing: 404, a
 * deleted one: 410) says so in its first line, an HTML comment (allowed
 * before the doctype). The status then travels with the page through the
 * same atomic rename, and the server needs no database to know it.
 */
export type PageStatus = 404 | 410;

export const withPageStatus = (status: PageStatus, html: string) =>
  `<!-- status ${status} -->\n${html}`;

/** How many bytes of a page `statusOfPage` needs. */
export const PAGE_STATUS_BYTES = 20;

export const statusOfPage = (head: string): 200 | PageStatus => {
  const match = /^<!-- status (404|410) -->/.exec(head);
  return match ? (Number(match[1]) as PageStatus) : 200;
};

/** Where the generated pages' content-hashed assets (the stylesheet) live, served immutable. */
export const ASSETS_DIR = 'browse/_assets';

/**
 * How long a generated file may be cached, wherever it is served from (the
 * web process, or a CDN in front of the pages' bucket): the content-hashed
 * assets for a year; pages, sitemaps and robots.txt revalidated on every visit.
 */
export const cacheControlOfPage = (relative: string) =>
  relative.startsWith(`${ASSETS_DIR}/`) ? IMMUTABLE : 'no-cache';
