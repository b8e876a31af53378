import { CITIES, type NativeNames } from '@rentals/core/gazetteer/cities';
import { cityKey } from '@rentals/core/gazetteer/cityList';
import { POPULAR_LOCALITIES } from '@rentals/core/gazetteer/popularLocalities';

/**
 * The tile properties that carry a label's name in the languages the site speaks besides
 * English ('name_hi', 'name_kn'). The style (site/src/map/style.ts) reads them: on a Hindi
 * or Kannada page the page itself draws these names, shaped by the browser (MapLibre shapes
 * no Indic script), where the English label would have been (docs/GEO.md).
 */
export const nativeNameFields = (names: NativeNames | undefined): Record<string, string> =>
  names ? { name_hi: names.hi, name_kn: names.kn } : {};

/**
 * A city's written names by the name GeoNames gives it, or by the name the product shows
 * where GeoNames spells it otherwise ('Gurgaon'). Not by its aliases: 'New Delhi' is a place
 * of its own in GeoNames, and is not 'दिल्ली'.
 */
const cityNames = new Map<string, NativeNames>(
  CITIES.flatMap((c) =>
    [c.name, c.geonamesName]
      .filter((n): n is string => n !== undefined)
      .map((n): [string, NativeNames] => [cityKey(n), c.names]),
  ),
);

/** The gazetteer's written names for a city or town of the basemap, if it has them. */
export const cityNativeNames = (name: string): NativeNames | undefined =>
  cityNames.get(cityKey(name));

/**
 * A PIN's label is its popular locality's name where it has one (buildGazetteer): that
 * locality's written names. A post-office name keeps its English label: the gazetteer
 * writes no native names for those.
 */
const byPin = new Map<string, { name: string; names: NativeNames }>();
for (const l of POPULAR_LOCALITIES)
  if (!byPin.has(l.pinCode)) byPin.set(l.pinCode, { name: l.name, names: l.names });

/** The written names of a PIN's label, if the label is its popular locality's name. */
export const localityNativeNames = (pin: string, label: string): NativeNames | undefined => {
  const popular = byPin.get(pin);
  return popular?.name === label ? popular.names : undefined;
};
