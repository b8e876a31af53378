/** Devanagari and Kannada digits ('६२', '೬೨'): the same numbers as '62'. */
const INDIC_DIGITS = /[\u0966-\u096F\u0CE6-\u0CEF]/g;
const digitOf = (d: string) => String(d.codePointAt(0)! - (d >= '\u0ce6' ? 0x0ce6 : 0x0966));

/**
 * Lower-case, accents and punctuation folded, single spaces: 'Koramangala, 4th Block' →
 * 'koramangala 4th block'. Accents fold only on Latin (and other non-Indic) letters: in
 * Devanagari and Kannada the vowel signs, virama and anusvara are marks too, but they are
 * the word ('कोरमंगला' is not 'करमगल'). Nukta spellings are one place to a searcher
 * ('हौज़ ख़ास' / 'हौज खास'), as are chandrabindu and anusvara ('गुड़गाँव' / 'गुड़गांव'); the
 * joiners that only steer how Kannada is drawn (ZWNJ, ZWJ) go.
 */
export const normaliseLocality = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u200C\u200D]/g, '')
    .replace(/(?<![\p{Script=Devanagari}\p{Script=Kannada}])\p{M}+/gu, '')
    .replace(/[\u093C\u0CBC]/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(INDIC_DIGITS, digitOf)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
