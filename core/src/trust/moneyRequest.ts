/**
 * Messages that ask for money before a visit (issue 41): the commonest rental
 * scam in India asks for a 'token amount' or an 'advance' by UPI before the
 * tenant has seen the home. The thread shows a calm warning under such a
 * message; nothing is blocked, because the same words are honest after a visit.
 *
 * Pure and browser-safe: the site calls it on each message it shows.
 */

/**
 * The handles of India's UPI apps (`name@okaxis`, `98765…@ybl`). Any
 * `word@letters` without a dot is read as a UPI id too: no email address
 * lacks a dot after its `@`.
 */
const UPI_ID = /[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}(?![a-z0-9]*\.[a-z])/iu;

/** Payment apps named with a verb of paying (or a number), not merely mentioned. */
const PAY_APP = String.raw`(?:g\s?pay|google\s?pay|phone\s?pe|paytm|bhim|upi)`;
const PAY_VERB = String.raw`(?:pay|send|transfer|deposit|bhej\w*|de\s?do|dedo|kar\s?do)`;

/**
 * Phrases asking for money up front, English and the Hinglish tenants meet
 * ('token de do', 'advance bhejo'). 'advance' alone is not one: 'two months'
 * advance as deposit' is an honest term; 'pay/send advance' or 'advance
 * first' is the ask.
 */
const ASKS = [
  String.raw`\btoken\s+(?:amount|money|advance|fee|payment|of|rs\.?|inr|₹)`,
  String.raw`(?:\b${PAY_VERB}\b|\bgive\b)\s+(?:the\s+|a\s+|me\s+|us\s+)?(?:small\s+)?token\b`,
  String.raw`\btoken\s+(?:de|dedo|de\s+do|bhej\w*|pay|send|transfer)\b`,
  String.raw`\b${PAY_VERB}\s+(?:the\s+|an\s+|me\s+|us\s+)?advance\b`,
  String.raw`\badvance\s+(?:payment|amount|first|before|bhej\w*|de\s?do|dedo|pay|send|transfer)\b`,
  String.raw`\bbooking\s+(?:amount|fee|money|charges?)\b`,
  String.raw`\b(?:pay|send|transfer)\b[^.!?\n]{0,40}\bbefore\s+(?:the\s+|your\s+)?(?:visit|viewing|seeing)\b`,
  String.raw`\b${PAY_VERB}\b[^.!?\n]{0,30}\b${PAY_APP}\b`,
  String.raw`\b${PAY_APP}\b[^.!?\n]{0,30}\b${PAY_VERB}\b`,
  String.raw`\b${PAY_APP}\s*(?:no\.?|number|id)\b`,
].map((source) => new RegExp(source, 'iu'));

/** Whether a message asks for money before a visit: a UPI id, or words asking for a token or an advance. */
export const asksForMoney = (text: string): boolean => {
  const plain = text.normalize('NFKC');
  return UPI_ID.test(plain) || ASKS.some((ask) => ask.test(plain));
};
