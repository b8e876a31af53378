import { CITIES } from './cities.ts';
import { normaliseLocality } from './normalise.ts';
import { POPULAR_LOCALITIES } from './popularLocalities.ts';

/**
 * Places typed in Devanagari or Kannada ('बेंगलुरु', 'अंधेरी पूर्व', 'ಕೋರಮಂಗಲ 2 BHK'):
 * the gazetteer's native names (cities.json, popularLocalities.json) read back as the
 * place's own name, so everything after (the locality matcher, both search engines,
 * the geocoder) sees the name it already knows, typos and other names included. A
 * name the gazetteer lacks is read word by word from the words its names share
 * ('अंधेरी (पश्चिम)', 'कोरमंगला ब्लॉक 4'); what is not a place stays as typed.
 */

/** Any letter of the two scripts. */
const NATIVE = /[\u0900-\u097F\u0C80-\u0CFF]/;

/**
 * Spellings of one sound that writers of both scripts mix, folded to one for
 * matching only (the names shown are never folded): long and short i and u
 * ('बेंगलूरु' / 'बेंगलुरु'), retroflex and dental n ('बाणेर' / 'बानेर'), ष and श,
 * ळ and ल, a nasal consonant with virama before another consonant and the
 * anusvara ('इन्दिरा' / 'इंदिरा', 'ಮಲ್ಲೇಶ್ವರಮ್' / 'ಮಲ್ಲೇಶ್ವರಂ'), a word-final virama.
 */
const FOLDS: readonly [RegExp, string][] = [
  [/[\u0919\u091E\u0923\u0928\u092E]\u094D(?=[\u0915-\u0939])/g, '\u0902'],
  [/[\u0C99\u0C9E\u0CA3\u0CA8\u0CAE]\u0CCD(?=[\u0C95-\u0CB9])/g, '\u0C82'],
  [/\u0CAE\u0CCD(?=\s|$)/g, '\u0C82'],
  [/[\u094D\u0CCD](?=\s|$)/g, ''],
  [/\u0940/g, '\u093F'],
  [/\u0942/g, '\u0941'],
  [/\u0908/g, '\u0907'],
  [/\u090A/g, '\u0909'],
  [/\u0CC0/g, '\u0CBF'],
  [/\u0CC2/g, '\u0CC1'],
  [/\u0C88/g, '\u0C87'],
  [/\u0C8A/g, '\u0C89'],
  [/\u0923/g, '\u0928'],
  [/\u0CA3/g, '\u0CA8'],
  [/\u0937/g, '\u0936'],
  [/\u0CB7/g, '\u0CB6'],
  [/\u0933/g, '\u0932'],
  [/\u0CB3/g, '\u0CB2'],
];

/** The words of a native spelling as matching compares them. */
const foldedWords = (text: string): string[] => {
  let folded = normaliseLocality(text);
  for (const [pattern, to] of FOLDS) folded = folded.replace(pattern, to);
  return folded.split(' ').filter((w) => w.length > 0);
};

/** The key two spellings of one native name share: folded, without spaces ('इंदिरा नगर' = 'इंदिरानगर'). */
export const nativeKey = (text: string): string => foldedWords(text).join('');

/** Words of place names with one meaning, however the name around them is written. */
const COMMON_WORDS: Readonly<Record<string, string>> = {
  पूर्व: 'East',
  ईस्ट: 'East',
  ಪೂರ್ವ: 'East',
  ಈಸ್ಟ್: 'East',
  पश्चिम: 'West',
  वेस्ट: 'West',
  ಪಶ್ಚಿಮ: 'West',
  ವೆಸ್ಟ್: 'West',
  उत्तर: 'North',
  नॉर्थ: 'North',
  ಉತ್ತರ: 'North',
  ನಾರ್ತ್: 'North',
  दक्षिण: 'South',
  साउथ: 'South',
  ದಕ್ಷಿಣ: 'South',
  ಸೌತ್: 'South',
  रोड: 'Road',
  मार्ग: 'Road',
  ರಸ್ತೆ: 'Road',
  ರೋಡ್: 'Road',
  सेक्टर: 'Sector',
  ಸೆಕ್ಟರ್: 'Sector',
  फेज: 'Phase',
  फेस: 'Phase',
  ಫೇಸ್: 'Phase',
  ಹಂತ: 'Phase',
  ब्लॉक: 'Block',
  ಬ್ಲಾಕ್: 'Block',
  स्टेज: 'Stage',
  ಸ್ಟೇಜ್: 'Stage',
  लेआउट: 'Layout',
  ಲೇಔಟ್: 'Layout',
  नगर: 'Nagar',
  ನಗರ: 'Nagar',
  कॉलोनी: 'Colony',
  ಕಾಲೋನಿ: 'Colony',
  एक्सटेंशन: 'Extension',
  ಎಕ್ಸ್ಟೆನ್ಶನ್: 'Extension',
};

/** Names by their folded words (spaces kept), names by key (spaces gone) and single words. */
type Lexicon = {
  spaced: Map<string, string>;
  names: Map<string, string>;
  words: Map<string, string>;
};

/** Every native name and alias of a place, with the place's own name. */
const namedPlaces = (): [string, readonly string[]][] => [
  ...CITIES.map((c): [string, string[]] => [
    c.name,
    [c.names.hi, c.names.kn, ...(c.nativeAliases ?? [])],
  ]),
  ...POPULAR_LOCALITIES.map((l): [string, string[]] => [
    l.name,
    [l.names.hi, l.names.kn, ...l.nativeAliases],
  ]),
];

/**
 * Whole names as written and by key (a city's before a locality's, the first place's
 * when two share a key: 'विजयनगर' is Bengaluru's, 'विजय नगर' as written Indore's), and single words: the common ones, then each word of a native name
 * whose English name has as many words ('अंधेरी पूर्व' / 'Andheri East' → 'अंधेरी').
 */
const buildLexicon = (): Lexicon => {
  const spaced = new Map<string, string>();
  const names = new Map<string, string>();
  const words = new Map<string, string>();
  for (const [word, latin] of Object.entries(COMMON_WORDS)) words.set(nativeKey(word), latin);
  for (const [latin, spellings] of namedPlaces())
    for (const spelling of spellings) {
      const native = foldedWords(spelling);
      if (!spaced.has(native.join(' '))) spaced.set(native.join(' '), latin);
      if (!names.has(native.join(''))) names.set(native.join(''), latin);
      const english = latin.split(' ');
      if (native.length === english.length)
        native.forEach((w, i) => {
          if (!words.has(w) && NATIVE.test(w)) words.set(w, english[i]!);
        });
    }
  return { spaced, names, words };
};

let lexicon: Lexicon | undefined;
const theLexicon = () => (lexicon ??= buildLexicon());

/** The longest run of words a place name spans (भारतीय names are short; 'गोल्फ़ कोर्स एक्सटेंशन रोड'). */
const LONGEST_NAME = 5;
const WORD = /[\p{L}\p{M}\p{N}\u200C\u200D]+/gu;

/**
 * The text with every place written in Devanagari or Kannada replaced by its
 * English name ('कोरमंगला 2 BHK' → 'Koramangala 2 BHK'), longest name first,
 * then word by word; Latin text comes back unchanged.
 */
export const latinPlaces = (text: string): string => {
  if (!NATIVE.test(text)) return text;
  const { spaced, names, words } = theLexicon();
  const tokens = [...text.matchAll(WORD)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  let out = '';
  let from = 0;
  for (let i = 0; i < tokens.length;) {
    let replaced = false;
    if (NATIVE.test(tokens[i]!.word))
      for (let n = Math.min(LONGEST_NAME, tokens.length - i); n >= 1 && !replaced; n--) {
        const span = tokens.slice(i, i + n);
        const folded = foldedWords(span.map((t) => t.word).join(' '));
        const key = folded.join('');
        const latin =
          spaced.get(folded.join(' ')) ?? names.get(key) ?? (n === 1 ? words.get(key) : undefined);
        if (latin === undefined) continue;
        out += text.slice(from, span[0]!.start) + latin;
        from = span[n - 1]!.end;
        i += n;
        replaced = true;
      }
    if (!replaced) i++;
  }
  return out + text.slice(from);
};
