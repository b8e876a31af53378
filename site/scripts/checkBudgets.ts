/**
 * Fails (exit 1) when a page of the built site weighs more than its budget in
 * gzip bytes of HTML + CSS + JS loaded before any interaction (pageWeight.ts).
 * Run after a build: `npm run check:size`.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathLocale } from '@rentals/core/i18n/locales';
import { pageWeight, type PageWeight } from './pageWeight.ts';

const KB = 1024;

/**
 * Budgets per page. The visitor browse page has no React at all (DESIGN §12:
 * ≤ 50 KB before the map); pages with React islands pay ~60 KB for React once.
 */
export const BUDGETS: Record<string, number> = {
  '/browse': 50 * KB,
  '/404': 20 * KB,
  // The page's texts in its language (issue 42, docs/decisions/0021): the namespaces it embeds for
  // its islands and, where they count or fill in values, the browser's formatter (~0.6 KB). Raised
  // twice for them: 2026-12-02 (100, 112, 110, 90, 90, 115 → 101, 117, 115, 93, 93, 115) and
  // 2026-12-03, when the property form, the search form and the listing's labels moved (→ 104, 119,
  // 117, 94, 119: +1.5 to +3.2 KB, two thirds texts, a third the term readers and the formatter; '/'
  // and /messages one more for the header's count words in the page's language, scripts/countWords.ts).
  // The next saving is embedding only the ids a page's islands use (docs/PERFORMANCE.md).
  '/': 104 * KB,
  '/login': 100 * KB,
  '/register': 100 * KB,
  '/properties': 119 * KB,
  '/properties/view': 117 * KB,
  '/dashboard': 100 * KB,
  '/messages': 94 * KB,
  // 2026-12-03: +1 KB for the notification settings (this device, each kind of push, quiet hours).
  '/profile': 95 * KB,
  '/my-properties': 100 * KB,
  '/add-property': 119 * KB,
  '/edit-property': 119 * KB,
};
const DEFAULT_BUDGET = 100 * KB;

/**
 * A Hindi or Kannada page (/hi/login) has its English page's budget plus
 * this: the same texts cost three bytes a letter in Devanagari or Kannada
 * UTF-8 against one in Latin (about 1 KB gzip on the pages with most text).
 */
const SCRIPT_ALLOWANCE = 2 * KB;
/**
 * The script font a Hindi or Kannada page preloads (site/src/components/Fonts.astro),
 * counted apart: it loads beside the page with font-display: swap, so text shows at
 * once in the phone's own font. Noto Sans Devanagari's regular weight is 49 KB.
 */
export const FONT_BUDGET = 55 * KB;

const budgetOf = (page: string) => {
  const { locale, path } = pathLocale(page);
  return (BUDGETS[path] ?? DEFAULT_BUDGET) + (locale === 'en' ? 0 : SCRIPT_ALLOWANCE);
};

const htmlFiles = (dir: string, root = dir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(path, root);
    return entry.name.endsWith('.html') ? [relative(root, path)] : [];
  });

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

const main = () => {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  if (!existsSync(dist)) {
    console.error('site/dist does not exist; build the site first (npm run build -w site).');
    process.exit(1);
  }
  const weights: PageWeight[] = htmlFiles(dist).map((file) => pageWeight(dist, file));
  let failed = false;
  console.log(
    'page'.padEnd(20),
    'html'.padStart(9),
    'css'.padStart(9),
    'js'.padStart(9),
    'total'.padStart(9),
    'budget'.padStart(9),
    'font'.padStart(9),
  );
  for (const w of weights.sort((a, b) => a.page.localeCompare(b.page))) {
    const budget = budgetOf(w.page);
    const over = w.total > budget || w.fonts > FONT_BUDGET;
    failed ||= over;
    console.log(
      w.page.padEnd(20),
      kb(w.html).padStart(9),
      kb(w.css).padStart(9),
      kb(w.js).padStart(9),
      kb(w.total).padStart(9),
      kb(budget).padStart(9),
      kb(w.fonts).padStart(9),
      over ? '  OVER BUDGET' : '',
    );
  }
  if (failed) {
    console.error('\nA page is over its size budget (gzip HTML + CSS + JS before interaction).');
    process.exit(1);
  }
};

if (import.meta.main) main();
