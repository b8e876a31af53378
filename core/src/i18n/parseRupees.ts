/**
 * What people type as an amount of rupees (issue 42): `15k`, `1,50,000`,
 * `1.5L`, `२५ हज़ार`, `೨೫k`, ... → whole rupees. Apart from numbers.ts, which
 * every page loads, so only the pages with a money input carry it.
 */
const DEVANAGARI_ZERO = 0x0966;
const KANNADA_ZERO = 0x0ce6;

/** Devanagari (०-९) and Kannada (೦-೯) digits → 0-9; everything else as it was. */
export const toLatinDigits = (text: string): string =>
  text.replace(/[\u0966-\u096f\u0ce6-\u0cef]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code - (code >= KANNADA_ZERO ? KANNADA_ZERO : DEVANAGARI_ZERO));
  });

/** Why a text is not an amount. */
export type RupeesFailure = 'empty' | 'notAnAmount' | 'negative' | 'notWhole' | 'tooLarge';
export type ParsedRupees = { ok: true; rupees: number } | { ok: false; failure: RupeesFailure };

/**
 * A hundred crore: beyond any rent, deposit or budget (the largest rent a
 * listing may ask is ₹1 crore, core/src/listings/bounds.ts, and its field
 * says so in its own words); larger is a slip of the keyboard.
 */
export const MAX_PARSED_RUPEES = 1_000_000_000;

// How many zeros each spoken unit adds. Written without nuktas: the text loses them first,
// so 'हज़ार' (either encoding of ज़) and 'हजार' are one word, as are 'करोड़' and 'करोड'.
const UNIT_ZEROS: Record<string, number> = {
  k: 3,
  thousand: 3,
  thousands: 3,
  हजार: 3,
  ಸಾವಿರ: 3,
  l: 5,
  lakh: 5,
  lakhs: 5,
  lac: 5,
  lacs: 5,
  लाख: 5,
  ಲಕ್ಷ: 5,
  cr: 7,
  crore: 7,
  crores: 7,
  करोड: 7,
  ಕೋಟಿ: 7,
};

// '₹', 'Rs', 'Rs.', 'INR', 'रु', 'रु.', 'ರೂ', 'ರೂ.' before the amount; '/-' after it (Indian bills' '15,000/-').
const CURRENCY_BEFORE = /^(?:₹|rs\.?|inr|रु\.?|ರೂ\.?)\s*/;
const DASH_AFTER = /\s*\/-$/;
// Digits plainly, or grouped in lakhs (1,50,000) or in thousands (150,000); an optional fraction.
const NUMBER = /^(\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
const NUMBER_AND_UNIT = /^([\d.,]+)\s*([^\d\s.,]*)$/;
const MINUS = /^[-−–]/;
/** Longer than any amount anyone types ('₹ 1,00,00,000.00 crores /-'). */
const MAX_TEXT = 40;

/** Lower case, Latin digits, one encoding of the Hindi words, no currency marks. */
const normalise = (text: string) =>
  toLatinDigits(text.normalize('NFC'))
    .replace(/\u093c/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** `int.frac × 10^zeros` as digits, exactly (1.15 lakh is 115000, not 114999.99…); null when not whole. */
const shift = (int: string, frac: string, zeros: number): string | null => {
  if (frac.length <= zeros) return int + frac + '0'.repeat(zeros - frac.length);
  return /[^0]/.test(frac.slice(zeros)) ? null : int + frac.slice(0, zeros);
};

const fail = (failure: RupeesFailure): ParsedRupees => ({ ok: false, failure });

/** After the currency marks: the number and its spoken unit. */
const parseAmount = (text: string): ParsedRupees => {
  const parts = NUMBER_AND_UNIT.exec(text);
  const number = parts && NUMBER.exec(parts[1]!);
  const zeros = parts ? (UNIT_ZEROS[parts[2]!] ?? (parts[2] === '' ? 0 : undefined)) : undefined;
  if (!number || zeros === undefined) return fail('notAnAmount');
  const digits = shift(number[1]!.replace(/,/g, ''), number[2] ?? '', zeros);
  if (digits === null) return fail('notWhole');
  const rupees = Number(digits.replace(/^0+(?=\d)/, '').slice(0, 16));
  return digits.replace(/^0+/, '').length > 15 || rupees > MAX_PARSED_RUPEES
    ? fail('tooLarge')
    : { ok: true, rupees };
};

/**
 * What a person typed as an amount of rupees → whole rupees, or why not:
 * '15000', '15,000', '1,50,000', '₹15,000', 'Rs. 15000', '15k', '1.5 lakh(s)',
 * '1.5L', '1.5 lac', '2 crore', '2cr', '25 हज़ार', '1.5 लाख', '25 ಸಾವಿರ', '1.5 ಲಕ್ಷ',
 * with Devanagari or Kannada digits anywhere. It only reads the amount: whether
 * it is a fit rent or deposit is the field's rule (with the field's message).
 */
export const parseRupees = (text: string): ParsedRupees => {
  let t = normalise(text);
  if (t === '') return fail('empty');
  if (t.length > MAX_TEXT) return fail('notAnAmount');
  const minusFirst = MINUS.test(t);
  t = t.replace(MINUS, '').trimStart().replace(CURRENCY_BEFORE, '').replace(DASH_AFTER, '');
  const negative = minusFirst || MINUS.test(t);
  const parsed = parseAmount(t.replace(MINUS, '').trimStart());
  return negative && parsed.ok ? fail('negative') : parsed;
};

/////////////////////////////////////////
////////// 'Under 25k' in free text
/////////////////////////////////////////

// An amount as typed in a sentence: digits (any of the three scripts) with their grouping, a
// currency mark before and a spoken unit after; parseRupees decides whether it is one.
const DIGIT = '[\\d\\u0966-\\u096f\\u0ce6-\\u0cef]';
const UNIT =
  'k|thousands?|lakhs?|lacs?|l|crores?|cr|हज़ार|हजार|ह\\u091c\\u093cार|लाख|करोड़|करोड|करो\\u0921\\u093c|ಸಾವಿರ|ಲಕ್ಷ|ಕೋಟಿ';
const AMOUNT = `(?:₹|rs\\.?|inr)?\\s*${DIGIT}[\\d\\u0966-\\u096f\\u0ce6-\\u0cef,.]*\\s*(?:${UNIT})?`;
const START = '(?<=^|\\s)';
const END = '(?=\\s|$|[,.;!?])';
/** 'under 25k', 'below ₹30,000', 'up to 1.5 lakh', 'max 20000'; '25 हज़ार तक'; '25 ಸಾವಿರ ವರೆಗೆ'. */
const AT_MOST = new RegExp(
  `${START}(?:under|below|upto|up to|max|maximum|less than|within)\\s*(${AMOUNT})${END}` +
    `|${START}(${AMOUNT})\\s*(?:तक|ವರೆಗೆ)${END}`,
  'iu',
);

const LEAST_RENT_LIMIT = 1000;

/**
 * The most a tenant says they will pay, in free text ('कोरमंगला 2 BHK 25 हज़ार तक',
 * '2bhk indiranagar under 30k'), and the text without it; null when the text
 * names no such amount. Not used yet: the search's `q` matches words only.
 */
export const maxRentInText = (text: string): { maxRent: number; rest: string } | null => {
  const found = AT_MOST.exec(text);
  const amount = found && (found[1] ?? found[2]);
  const parsed = amount ? parseRupees(amount) : null;
  // 'below 2 BHK', 'under 5 floors': no rent in India is under ₹1,000 a month.
  if (!found || !parsed?.ok || parsed.rupees < LEAST_RENT_LIMIT) return null;
  const rest = (text.slice(0, found.index) + ' ' + text.slice(found.index + found[0].length))
    .replace(/\s+/g, ' ')
    .trim();
  return { maxRent: parsed.rupees, rest };
};
