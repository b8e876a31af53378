/** A number as people write one: no exponent, hex or words (as the API reads form text, core/src/listings/bounds.ts). */
const PLAIN_DECIMAL = /^[-+]?\d{1,16}(?:\.\d{1,16})?$/;

/** A number typed plainly ('12', '-3', '1.5'); anything else ('1e3', '0x10', 'abc') is NaN, which the rules refuse. */
export const plainNumber = (raw: string): number =>
  PLAIN_DECIMAL.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
