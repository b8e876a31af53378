import { createHash } from 'node:crypto';
import { ASSETS_DIR } from '../queries/publicPageFiles.ts';

// The site's own stylesheet, as text: the public pages share its look (classes, colours, cards).
// An import rather than a path, so the module graph (and the lint's package boundaries) see it.
import SITE_CSS from '@rentals/site/styles/global.css' with { type: 'text' };

/** What the public pages add: a header without the script-driven menu, filters, breadcrumbs, the city list. */
const PUBLIC_CSS = `
.static-nav { display: flex; align-items: center; gap: 1.1rem; flex-wrap: wrap; }
.static-nav > a:not(.button) { color: var(--gray-700); text-decoration: none; font-weight: 600; }
.breadcrumbs { font-size: 0.9rem; margin-bottom: 0.75rem; color: var(--gray-600); }
.type-filter { display: flex; gap: 0.5rem; flex-wrap: wrap; margin: 1rem 0; }
.type-filter a { border: 1px solid var(--gray-300); border-radius: 999px; padding: 0.35rem 0.9rem; text-decoration: none; background: #fff; color: var(--gray-900); font-weight: 600; }
.type-filter a[aria-current='page'] { background: var(--blue); border-color: var(--blue); color: #fff; }
.type-filter a[aria-current='page'] .muted { color: #e5e7eb; }
.list-count { font-weight: 600; margin: 0 0 1rem; }
.pager a[aria-current='page'] { background: var(--blue); color: #fff; border-color: var(--blue); }
.pager-gap { align-self: center; }
.city-list { list-style: none; padding: 0; display: grid; gap: 0.5rem 1.5rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.city-list li { display: flex; justify-content: space-between; gap: 0.5rem; background: #fff; border-radius: var(--radius); box-shadow: var(--shadow); padding: 0.6rem 0.9rem; }
.city-list a { font-weight: 600; text-decoration: none; }
.description { white-space: pre-line; }
.footer-bottom a { color: #e5e7eb; }
`;

/** The stylesheet and its content-hashed file name (served immutable). */
export const buildStylesheet = () => {
  const css = SITE_CSS + PUBLIC_CSS;
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
  const file = `${ASSETS_DIR}/site.${hash}.css`;
  return { file, href: `/${file}`, css };
};
