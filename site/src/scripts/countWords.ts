/**
 * The header's counts in words, in the page's language: '3 unread messages',
 * '1 बिना पढ़ी सूचना'. The server writes each noun's two plural forms on the
 * bell's element (core/src/ui/signedInNav.ts); the language's plural rules
 * choose (Hindi and Kannada take 'one' for 0 and 1). No catalogue here: the
 * frame's scripts load on every page.
 */
import { groupIndian } from '@rentals/core/i18n/grouping';

const rules = new Map<string, Intl.PluralRules>();
const rulesFor = (lang: string) => {
  let found = rules.get(lang);
  if (!found) {
    found = new Intl.PluralRules(lang);
    rules.set(lang, found);
  }
  return found;
};

/** The noun for `n` of `kind` ('unread notification(s)', 'unread message(s)'). */
export const countNoun = (kind: 'unread' | 'messages', n: number): string => {
  const data = document.getElementById('bell')?.dataset ?? {};
  const one = rulesFor(document.documentElement.lang || 'en-IN').select(n) === 'one';
  return data[`${kind}${one ? 'One' : 'Other'}`] ?? '';
};

/**
 * The count and its noun: '1,200 unread messages'. The digits are grouped without
 * Intl.NumberFormat, whose first use costs a page ~20 ms (decision 0025).
 */
export const countInWords = (kind: 'unread' | 'messages', n: number): string =>
  `${groupIndian(n)} ${countNoun(kind, n)}`;

/** A saved search's new match, as the bell lists it, from the words on its element. */
export const matchText = (search: string, title: string): string | undefined =>
  document
    .getElementById('bell')
    ?.dataset.match?.replace(/\{(search|title)\}/g, (_, name: string) =>
      name === 'search' ? search : title,
    );
