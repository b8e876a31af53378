/**
 * Free text in JS, where it is certain to agree with Postgres, so that the
 * in-memory matcher asks Postgres only about the rest.
 *
 * A saved search's free text is `prefixQuery`'s tsquery: terms joined by `&`,
 * each a word as a prefix (`w:*`) or a choice of its synonyms, where a
 * synonym of several words is a phrase (`a:* <-> b:*`). A listing matches when
 * every term has an alternative that is a prefix of one of the words
 * `to_tsvector('simple', text)` makes of its text.
 *
 * That parser makes plain words of plain text, but treats some shapes as one
 * token where splitting at punctuation would make several: hosts and
 * versions ('a.b', '1.2'), signed numbers ('-3'), paths ('1/2'), emails,
 * tags and entities. So the words are made here only for text whose every
 * character is an ASCII letter or digit, white space, `,;!?'"()`, a `.` or
 * `:` that ends a word (followed by white space or the end), or a `-` between
 * a letter or digit and a letter ('semi-furnished', '24-hour': Postgres
 * keeps the whole word and its parts, and a prefix without a hyphen matching
 * the whole matches its first part too). Anything else — and any search with a phrase or a word that is not
 * ASCII — is left to Postgres. `textMatch.int.test.ts` holds both to the same
 * answers.
 */

const SAFE_CHARS = /^[A-Za-z0-9\s,;!?'"().:-]*$/;
// A '.' or ':' not followed by white space or the end; a '-' not between a letter or digit and a
// letter ('B-12' and '2-3' are b, -12 and 2, -3 to Postgres).
const UNSAFE_SHAPES = /[.:](?=\S)|(?<![A-Za-z0-9])-|-(?![A-Za-z])/;
// Postgres skips words longer than this (2047 bytes); such a text is left to it.
const LONGEST_WORD = 2000;

/** The listing text's words as Postgres' parser makes them; null when it may make others. */
export const wordsOf = (text: string): string[] | null => {
  if (!SAFE_CHARS.test(text) || UNSAFE_SHAPES.test(text)) return null;
  const words = [...new Set(text.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => w.length > 0);
  return words.some((w) => w.length > LONGEST_WORD) ? null : words;
};

/** The search's terms, each a list of alternative word prefixes; null when one is a phrase or not plain ASCII. */
export const queryTermsOf = (textQuery: string): string[][] | null => {
  const terms: string[][] = [];
  for (const term of textQuery.split(' & ')) {
    const alternatives: string[] = [];
    for (const alternative of term.replace(/^\((.*)\)$/, '$1').split(' | ')) {
      const word = /^([a-z0-9]+):\*$/.exec(alternative)?.[1];
      if (!word) return null;
      alternatives.push(word);
    }
    terms.push(alternatives);
  }
  return terms;
};

/**
 * Every prefix of every word (a listing's text has a few hundred): testing a
 * search's terms is then a lookup each.
 */
export const prefixesOf = (words: readonly string[]): ReadonlySet<string> => {
  const prefixes = new Set<string>();
  for (const w of words) for (let n = 1; n <= w.length; n++) prefixes.add(w.slice(0, n));
  return prefixes;
};

/** Whether the words (as prefixesOf gives them) match every term. */
export const matchesTerms = (prefixes: ReadonlySet<string>, terms: readonly string[][]) => {
  for (const alternatives of terms) {
    let any = false;
    for (const w of alternatives) if ((any = prefixes.has(w))) break;
    if (!any) return false;
  }
  return true;
};
