import { escapeHtml } from '@rentals/core/html/markup';

/** Search engines accept at most 50,000 URLs per sitemap file; stay well below. */
export const SITEMAP_MAX_URLS = 45_000;

export type SitemapUrl = { loc: string; lastmod?: Date | undefined };

export const renderUrlset = (urls: readonly SitemapUrl[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

export const renderSitemapIndex = (sitemaps: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;

export const renderRobots = (siteUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /login\nDisallow: /register\nDisallow: /dashboard\nDisallow: /my-properties\nDisallow: /add-property\nDisallow: /edit-property/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
