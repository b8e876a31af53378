/**
 * Fails (exit 1) when a page of the built site weighs more than its budget in
 * gzip bytes of HTML + CSS + JS loaded before any interaction (pageWeight.ts),
 * or loads more JavaScript than JS_BOUND. Run after a build: `npm run check:size`.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathLocale } from '@rentals/core/i18n/locales';
import { pageWeight, type PageWeight } from './pageWeight.ts';

const KB = 1024;

/**
 * Budgets per page: its figure plus under 1 KB, so that what a change adds is seen. The visitor
 * browse page has no React at all (DESIGN §12: ≤ 50 KB before the map); pages with React islands
 * pay 66 KB for React once. Each page embeds its texts in its language (issue 42, decision 0021).
 * Lowered 2026-12-03 (issue 43: budget phones) from 104 / 100 / 119 / 117 / 94 / 95 / 119 KB for
 * '/', sign-in, /properties, the listing, /messages, /profile and the property form, after the
 * splits of docs/PERFORMANCE.md ('Page weight'): the live inbox, advanced filters, the report
 * form, photo-upload tiles, the email reminder, the form's rules, the toasts' drawing and the
 * unread count's words load when needed; React's own helpers share one chunk; lazy imports no
 * longer list the chunks every page has. Raised the same day by 0.5–2.6 KB for what issues 43 and
 * 44 added to first loads: the data saver's store and switch on every page, photos as <picture>
 * with AVIF and a held-photo button (listing pages), the offline copies' loader in the sign-in
 * store, and the visits texts on /messages, /dashboard and /my-properties. Lowered again the same
 * day for /properties, the listing and the property form (-11.7 to -16 KB), when every page came
 * within JS_BOUND: what a first view does not show loads after it (the cards beside the search's
 * request, the map's frame, 'Rent & market', the message form, the form's terms and photo picker,
 * the device's position on the button's press, the term messages only where a form checks them).
 * /my-properties raised by 0.5 KB then: the translator's memo of plain messages (core's
 * translate.ts, for the public pages' builds) came into every page's code, 41 bytes past 98 KB.
 * /dashboard raised by 0.5 KB on 2026-12-04 (100.8 → 101.0 KB, at its bound): the frame's
 * afterPage (lib/afterPage.ts), which holds the inbox, the bell and the offline note of the user
 * until the page has loaded (docs/decisions/0023).
 * / raised by 0.5 KB on 2026-12-04 (at its bound, 103.0 KB): the skeleton grid's slot for the
 * first photos and its three CSS rules, which every page's stylesheet carries (docs/decisions/0024).
 * /404 raised by 0.5 KB and /favourites given 100.5 KB on 2026-12-05 (both 0.1 KB past): whole
 * numbers grouped in lakhs by core's i18n/grouping.ts, which the frame's count badges load, in
 * place of Intl.NumberFormat, whose first use costs a page ~20 ms of main thread (80 ms on a
 * budget phone).
 */
export const BUDGETS: Record<string, number> = {
  '/browse': 39 * KB,
  '/404': 17 * KB,
  '/': 103.5 * KB,
  '/login': 94 * KB,
  '/register': 94 * KB,
  '/properties': 101.5 * KB,
  '/properties/view': 106 * KB,
  '/dashboard': 101.5 * KB,
  '/messages': 95.5 * KB,
  '/profile': 93.5 * KB,
  '/my-properties': 98.5 * KB,
  '/favourites': 100.5 * KB,
  '/add-property': 104.5 * KB,
  '/edit-property': 104.5 * KB,
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

/**
 * JavaScript alone, on every page (issue 43: budget phones on slow mobile data). A Hindi or
 * Kannada page loads exactly its English page's scripts (its texts are in the HTML), so the same
 * bound, without the script allowance.
 */
export const JS_BOUND = 90 * KB;

/** A page's bounds: its total (with the script allowance in Hindi and Kannada) and its JavaScript. */
export const limitsOf = (page: string): { total: number; js: number } => {
  const { locale, path } = pathLocale(page);
  return {
    total: (BUDGETS[path] ?? DEFAULT_BUDGET) + (locale === 'en' ? 0 : SCRIPT_ALLOWANCE),
    js: JS_BOUND,
  };
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
    'js bound'.padStart(9),
    'font'.padStart(9),
  );
  for (const w of weights.sort((a, b) => a.page.localeCompare(b.page))) {
    const limits = limitsOf(w.page);
    const over = w.total > limits.total || w.js > limits.js || w.fonts > FONT_BUDGET;
    failed ||= over;
    console.log(
      w.page.padEnd(20),
      kb(w.html).padStart(9),
      kb(w.css).padStart(9),
      kb(w.js).padStart(9),
      kb(w.total).padStart(9),
      kb(limits.total).padStart(9),
      kb(limits.js).padStart(9),
      kb(w.fonts).padStart(9),
      over ? '  OVER BUDGET' : '',
    );
  }
  if (failed) {
    console.error(
      '\nA page is over its size budget (gzip HTML + CSS + JS before interaction) or its JavaScript bound.',
    );
    process.exit(1);
  }
};

if (import.meta.main) main();
