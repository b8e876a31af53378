import type { Locale } from '../i18n/locales.ts';
import { CITIES } from './cities.ts';
import { cityKey } from './cityList.ts';

const byKey = new Map(CITIES.map((c) => [cityKey(c.name), c.names]));

/**
 * A city as a page in `locale` names it: the gazetteer's written name in
 * Devanagari or Kannada script ('पुणे', 'ಬೆಂಗಳೂರು') where it has one, else
 * the name as listings spell it. Never transliterated on the fly
 * (docs/i18n/GLOSSARY.md).
 */
export const cityNameIn = (name: string, locale: Locale): string =>
  locale === 'en' ? name : (byKey.get(cityKey(name))?.[locale] ?? name);
