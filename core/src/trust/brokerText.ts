/**
 * Listing text that says the lister charges a brokerage or commission
 * (issue 41). Owners write 'no brokerage' to say the opposite, so every
 * negated mention ('no brokerage', 'brokerage free', 'brokers please excuse',
 * 'brokerage nahi', 'bina commission') is struck out first, and only a
 * mention left after that is a signal. English and the Hinglish Indian
 * listings use ('dalali', 'lagega'), with the common misspellings.
 */

/** The words for the fee and the trade, as listings spell them. */
const FEE = String.raw`(?:brokerage|brokrage|brokarage|brockerage|broker(?:s|'s)?|commission|comission|commision|dalali|dalal)`;

/** 'no brokerage', 'zero commission', 'without broker', 'bina dalali', 'koi brokerage nahi'. */
const NEGATED_BEFORE = new RegExp(
  String.raw`\b(?:no|zero|nil|without|bina|free\s+of|0|koi|not\s+a|never\s+a)\s*%?\s*-?\s*${FEE}\b`,
  'g',
);
/** 'brokerage free', 'brokers excuse', 'brokerage nahi', 'commission not required', 'brokers don't call'. */
const NEGATED_AFTER = new RegExp(
  String.raw`\b${FEE}\s*-?\s*(?:free|nahi|nahin|nai|mat|not\s+(?:required|needed|applicable|allowed|entertained|charged)|(?:please\s+|pls\s+|plz\s+)?excuse[ds]?|(?:please\s+|pls\s+)?(?:don'?t|do\s+not)\s+(?:call|contact|disturb|message))`,
  'g',
);
/** A mention left after the negations, with the few words after it (the admin's evidence). */
const POSITIVE = new RegExp(String.raw`\b${FEE}\b[^.!?\n]{0,40}`, 'g');

/** Lower case, one space between words, so the patterns stay simple. */
const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * The phrase of `text` that says a brokerage or commission is charged (a
 * few words from the mention on, for the admin's evidence), or undefined.
 */
export const brokerageMention = (text: string): string | undefined => {
  const struck = normalise(text).replace(NEGATED_BEFORE, ' ').replace(NEGATED_AFTER, ' ');
  const found = struck.match(POSITIVE)?.[0];
  return found?.trim();
};
