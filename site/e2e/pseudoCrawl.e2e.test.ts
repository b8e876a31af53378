import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LATIN_KEPT } from '@rentals/core/i18n/writtenInScript';
import { CATALOGUES } from '@rentals/core/i18n/catalogues';
import { pseudoMessage } from '@rentals/core/i18n/pseudo';
import {
  FILLED_CRAWL_PAGES,
  FILLED_CRAWL_WRITTEN,
  filledCrawlFixtures,
  openAs,
  openFilled,
  type FilledCrawl,
} from './harness/crawl.ts';
import { FILLED_STACK_ENV } from './harness/filledQueues.ts';
import { startStack, type Stack } from './harness/stack.ts';

/**
 * Every page in the pseudo-locale (docs/i18n, "The pseudo-locale"): the
 * pseudo build of the site (site/dist-pseudo) served by processes that speak
 * it too, opened in Chromium by each role at 1280 and 390 px wide, the admin's
 * queues filled and a conversation on both sides (harness/filledQueues.ts), so
 * the API's sentences on them are read too. It fails on
 *
 * - untranslated text: a letter outside ⟦…⟧ in what a reader meets (the
 *   words on screen and in placeholders, aria-labels, titles, alt texts and
 *   the document's title). A text from a catalogue is bracketed; anything
 *   else was written in code. Not read: what people wrote (`translate="no"`
 *   and the crawl's own names and title inside labels), email and web
 *   addresses, brands and the product's Latin words (LATIN_KEPT: the same in
 *   every language), and a text in an element with a `lang` of its own (a
 *   language named in itself, on the switch). Values code formats are not
 *   text to translate: digits, ₹ and punctuation never count, and a month's
 *   name next to a number, or am/pm after a time, is a date Intl wrote in the page's language
 *   (`3 Dec 2026`, `December 2026`, `7:29 am`; core/src/i18n/dates.ts);
 * - clipped text: an element that hides what overflows it (`overflow`
 *   hidden or clip, or an ellipsis) whose text is wider or taller than its
 *   box, a placeholder wider than its field, or a closing ⟧ that is not on screen: outside an ancestor that
 *   clips, or beyond the window's right edge. Boxes a reader scrolls
 *   (`overflow: auto`), visually hidden text (screen readers') and a line
 *   cut short on purpose with its whole text on hover (an inbox preview,
 *   `title`) are not clipped.
 *
 * Every finding is printed (page, role, width, where, text).
 */

/** Brands and the product's Latin words, which no language translates. */
const KEPT = new Set([...LATIN_KEPT, 'Facebook', 'Instagram', 'LinkedIn', 'X', 'Google']);

/** English's month names, long and short, as Intl writes them in a date. */
const MONTHS = [...Array(12).keys()]
  .flatMap((month) =>
    (['long', 'short'] as const).map((width) =>
      new Intl.DateTimeFormat('en-IN', { month: width, timeZone: 'UTC' }).format(
        Date.UTC(2026, month, 15),
      ),
    ),
  )
  .join('|');
/** A date, or a time of day, as Intl writes it in English ('3 Dec 2026', 'December 2026', '7:29 am'). */
const DATE = new RegExp(
  `\\b(?:\\d{1,2} (?:${MONTHS})(?: \\d{4})?|(?:${MONTHS}) \\d{4}|\\d{1,2}:\\d{2}\\s?[ap]m)\\b`,
  'g',
);

let stack: Stack;
let crawl: FilledCrawl;

beforeAll(async () => {
  stack = await startStack({ pseudo: true, env: FILLED_STACK_ENV });
  crawl = await filledCrawlFixtures(stack);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

type Reading = { where: string; text: string; outside: string };

/** Each text a reader meets with its letters outside ⟦…⟧, and every clipped text. */
const readPage = (page: Page) =>
  page.evaluate(() => {
    const SKIPPED =
      '[translate="no"], [lang]:not(html), textarea, script, style, noscript, template, [hidden], [aria-hidden="true"]';
    const where = (el: Element | null) => {
      const parts: string[] = [];
      for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const cls = [...e.classList].slice(0, 2).join('.');
        parts.unshift(`${e.localName}${e.id ? `#${e.id}` : ''}${cls ? `.${cls}` : ''}`);
      }
      return parts.join(' > ');
    };
    /** What lies outside the brackets, keeping the depth from text to text (a message with tags spans elements). */
    let depth = 0;
    const outsideOf = (text: string) => {
      let rest = '';
      for (const c of text) {
        if (c === '⟦') depth++;
        else if (c === '⟧') depth = Math.max(0, depth - 1);
        else if (depth === 0) rest += c;
      }
      return rest;
    };
    const readings: { where: string; text: string; outside: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest(SKIPPED) || !node.textContent?.trim()) continue;
      readings.push({
        where: where(el),
        text: node.textContent,
        outside: outsideOf(node.textContent),
      });
    }
    const unclosed = depth > 0;
    for (const el of document.body.querySelectorAll(
      '[placeholder], [aria-label], [title], img[alt]',
    ))
      if (!el.closest(SKIPPED))
        for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = el.getAttribute(name);
          depth = 0;
          if (value)
            readings.push({
              where: `${where(el)}@${name}`,
              text: value,
              outside: outsideOf(value),
            });
        }
    depth = 0;
    readings.push({ where: 'title', text: document.title, outside: outsideOf(document.title) });

    // Clipping: only what is rendered and meant to be seen.
    const shown = (el: Element) => {
      if (el.getClientRects().length === 0) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const box = e.getBoundingClientRect();
        if ((box.width <= 1 || box.height <= 1) && getComputedStyle(e).overflow !== 'visible')
          return false;
      }
      return getComputedStyle(el).visibility !== 'hidden';
    };
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    // A line cut short by design (an inbox preview) that gives its whole text on hover.
    const cutOnPurpose = (el: Element) =>
      getComputedStyle(el).textOverflow === 'ellipsis' &&
      (el.getAttribute('title') ?? '').trim() === (el.textContent ?? '').trim();
    const clipped: { where: string; text: string }[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest(SKIPPED) || el.matches('input, select, svg *') || cutOnPurpose(el)) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
      if (!own || !shown(el)) continue;
      const style = getComputedStyle(el);
      const wide =
        (hides(style.overflowX) || style.textOverflow === 'ellipsis') &&
        el.scrollWidth > el.clientWidth + 1;
      const tall = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (wide || tall)
        clipped.push({
          where: where(el),
          text: `${wide ? 'too wide' : 'too tall'}: ${el.textContent}`,
        });
    }
    // A placeholder cannot wrap: measured in its own font against the field's room.
    const pen = document.createElement('canvas').getContext('2d')!;
    for (const input of document.body.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.value || input.closest(SKIPPED) || !shown(input)) continue;
      const style = getComputedStyle(input, '::placeholder');
      pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth -
        parseFloat(style.paddingLeft || '0') -
        parseFloat(style.paddingRight || '0');
      const width = pen.measureText(input.placeholder).width;
      if (width > room + 1)
        clipped.push({
          where: `${where(input)}@placeholder`,
          text: `too wide (${Math.round(width)} > ${Math.round(room)} px): ${input.placeholder}`,
        });
    }
    const screenWidth = document.documentElement.clientWidth;
    const closers = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = closers.nextNode(); node; node = closers.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent ?? '';
      if (!el || !text.includes('⟧') || el.closest(SKIPPED) || !shown(el) || cutOnPurpose(el))
        continue;
      const range = document.createRange();
      const at = text.lastIndexOf('⟧');
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const mark = range.getBoundingClientRect();
      let scrolls = false;
      let hiddenBy: Element | undefined;
      for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (/auto|scroll/.test(style.overflowX + style.overflowY)) scrolls = true;
        if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
        const box = e.getBoundingClientRect();
        if (mark.right > box.right + 1 || mark.bottom > box.bottom + 1 || mark.left < box.left - 1)
          hiddenBy = e;
      }
      if (hiddenBy)
        clipped.push({ where: where(el), text: `⟧ hidden by ${where(hiddenBy)}: ${text}` });
      else if (!scrolls && mark.right > screenWidth + 1)
        clipped.push({ where: where(el), text: `⟧ off the screen: ${text}` });
    }
    return { readings, unclosed, clipped };
  });

/** The words of a text left outside the brackets that a reader would read as untranslated. */
const untranslated = ({ outside }: Reading) =>
  FILLED_CRAWL_WRITTEN.reduce((rest, written) => rest.replaceAll(written, ''), outside)
    .replace(/\S+@\S+|https?:\/\/\S+/g, '')
    .replace(DATE, '')
    .match(/\p{L}+/gu)
    ?.filter((word) => !KEPT.has(word)) ?? [];

/** What the crawl reports on one page: untranslated words, an unclosed ⟦, clipped texts. */
const findingsOn = async (page: Page, at: string): Promise<string[]> => {
  const found: string[] = [];
  const { readings, unclosed, clipped } = await readPage(page);
  for (const reading of readings) {
    const words = untranslated(reading);
    if (words.length > 0)
      found.push(
        `${at} untranslated [${reading.where}]: ${words.join(' ')} (in “${reading.text.trim().slice(0, 80)}”)`,
      );
  }
  if (unclosed) found.push(`${at}: a ⟦ is never closed (text cut short in code?)`);
  for (const { where, text } of clipped)
    found.push(`${at} clipped [${where}]: ${text.trim().slice(0, 100)}`);
  return found;
};

describe('the pages in the pseudo-locale', () => {
  it('are read for what the crawl fails on: plain English, a clipped box or hint, a hidden ⟧', async () => {
    const page = await openAs(stack, crawl, 'visitor', '/login', { mobile: true });
    await page.evaluate(() =>
      document.querySelector('main')?.insertAdjacentHTML(
        'beforeend',
        `<p id="probe-plain">Left in code</p>
         <p id="probe-ellipsis" style="width:40px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">⟦Ŕéñţ ţéẋţ ····⟧</p>
         <div id="probe-box" style="width:60px;height:1.2em;overflow:hidden"><span>⟦Ļöñĝéŕ ţĥåñ ţĥé ƀöẋ ····⟧</span></div>
         <input id="probe-hint" style="width:80px" placeholder="⟦Å ĥîñţ ţöö ļöñĝ ƒöŕ ţĥé ƒîéļð ····⟧">
         <p translate="no">Written by a person</p><p>⟦Šéñţ ·⟧ 3 Dec 2026</p>`,
      ),
    );
    const found = await findingsOn(page, 'probe');
    console.log(found.join('\n'));
    expect(found).toEqual([
      'probe untranslated [main#main > p#probe-plain]: Left in code (in “Left in code”)',
      'probe clipped [main#main > p#probe-ellipsis]: too wide: ⟦Ŕéñţ ţéẋţ ····⟧',
      expect.stringMatching(
        /^probe clipped \[main#main > input#probe-hint@placeholder\]: too wide \(\d+ > \d+ px\): ⟦Å ĥîñţ/,
      ),
      'probe clipped [main#main > p#probe-ellipsis]: ⟧ hidden by main#main > p#probe-ellipsis: ⟦Ŕéñţ ţéẋţ ····⟧',
      'probe clipped [main#main > div#probe-box > span]: ⟧ hidden by main#main > div#probe-box: ⟦Ļöñĝéŕ ţĥåñ ţĥé ƀöẋ ····⟧',
    ]);
    await page.context().close();
  });

  it('bracket every text and clip none, on every page, for every role, at 1280 and 390 px', async () => {
    const found: string[] = [];
    for (const mobile of [false, true])
      for (const [role, path] of FILLED_CRAWL_PAGES) {
        const page = await openFilled(stack, crawl, role, path, {
          mobile,
          label: (id) => pseudoMessage(CATALOGUES.en[id]),
        });
        // On a phone the header's links are behind the menu button: open it, so they are measured too.
        const menu = page.locator('#menu-toggle');
        if (mobile && (await menu.isVisible())) await menu.click();
        if (process.env.PSEUDO_SHOTS)
          await page.screenshot({
            path: `${process.env.PSEUDO_SHOTS}/${role}${path.replaceAll('/', '_')}-${mobile ? 390 : 1280}.png`,
            fullPage: true,
          });
        found.push(...(await findingsOn(page, `${path} (${role}, ${mobile ? 390 : 1280} px)`)));
        await page.context().close();
      }
    console.log(`${found.length} findings:\n${found.join('\n')}`);
    expect(found).toEqual([]);
  }, 900_000);
});
