/**
 * The money inputs (rent, deposit, maintenance, the search's rents): what
 * was typed → rupees, by core/src/i18n/parseRupees.ts. Apart from validation.ts
 * so the sign-in pages do not load the parser; the search form loads it only
 * once a rent is typed in words.
 */
import { formatRupees } from '@rentals/core/i18n/numbers';
import { parseRupees } from '@rentals/core/i18n/parseRupees';
import { plainNumber } from './validation.ts';

/**
 * An amount of rupees as typed: a plain number as before ('-5' and '1.5' meet
 * the rules' own messages), else the ways Indians write amounts ('25k',
 * '1,50,000', '1.5 lakh', '२५ हज़ार', '೨೫k': core/src/i18n/numbers.ts); NaN
 * for anything else, which the rules refuse as not a valid number.
 */
export const rupeesOrNaN = (raw: string): number => {
  const plain = plainNumber(raw);
  if (!Number.isNaN(plain)) return plain;
  const parsed = parseRupees(raw);
  return parsed.ok ? parsed.rupees : Number.NaN;
};

/** A rupee input: 0 when blank, as the number inputs. */
export const rupeesOrZero = (raw: string): number => (raw.trim() === '' ? 0 : rupeesOrNaN(raw));

/** Whether what was typed is not just digits, so the form says the amount it read ('25k' → '₹25,000'). */
export const needsAmountEcho = (raw: string): boolean => !/^\s*\d*\s*$/.test(raw);

/**
 * A search's rent as the URL carries it: whole rupees as digits ('1.5 lakh' →
 * '150000'), or undefined when it is not an amount (the filter is dropped, as
 * SPEC §2's form has no validation).
 */
export const rentFilterValue = (raw: string): string | undefined => {
  const parsed = parseRupees(raw);
  return parsed.ok ? String(parsed.rupees) : undefined;
};

/** What a money input read, for the quiet line under it: '₹25,000', or undefined when plain digits or not an amount. */
export const amountEcho = (raw: string): string | undefined => {
  if (!needsAmountEcho(raw)) return undefined;
  const parsed = parseRupees(raw);
  return parsed.ok ? formatRupees(parsed.rupees) : undefined;
};
