/**
 * The one helper for every count on screen (the site, /browse's script and
 * the pre-rendered public pages): the number with Indian digit grouping and
 * the noun in the form English takes for it.
 */
import { groupIndian } from '../i18n/grouping.ts';

// Made on first use: Intl's formatters read ICU's data as they are created, start-up time a
// page that shows no count should not pay (groupIndian in core/src/i18n/grouping.ts).
let rules: Intl.PluralRules | undefined;

/** A count without a noun, grouped as the counts beside it are: '1,553'. */
export const count = (n: number): string =>
  Number.isInteger(n) ? groupIndian(n) : Intl.NumberFormat('en-IN').format(n);

/** The noun alone, for where the number is shown apart (a badge): 'view' or 'views'. */
export const pluralNoun = (n: number, one: string, other = `${one}s`): string =>
  (rules ??= new Intl.PluralRules('en-IN')).select(n) === 'one' ? one : other;

/** '1 property', '12 properties', '0 views', '1,20,000 views'. */
export const plural = (n: number, one: string, other = `${one}s`): string =>
  `${count(n)} ${pluralNoun(n, one, other)}`;

/** The listing screens' counter (SPEC §2 '{n} properties found'), singular for one. */
export const propertiesFound = (n: number): string =>
  `${plural(n, 'property', 'properties')} found`;
