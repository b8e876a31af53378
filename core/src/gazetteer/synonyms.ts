/**
 * Old and new (or local and English) names of Indian cities. Every name in a
 * group finds listings stored under any other: 'bangalore' finds Bengaluru.
 * Used both as Meilisearch synonyms (free text) and by the locality matcher
 * (the city filter), so both search paths agree.
 */
export const CITY_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['bangalore', 'bengaluru', 'blr'],
  ['bombay', 'mumbai'],
  ['gurgaon', 'gurugram'],
  ['calcutta', 'kolkata'],
  ['madras', 'chennai'],
  ['poona', 'pune'],
  ['mysore', 'mysuru'],
  ['mangalore', 'mangaluru'],
  ['trivandrum', 'thiruvananthapuram'],
  ['cochin', 'kochi'],
  ['baroda', 'vadodara'],
  ['benares', 'banaras', 'varanasi'],
  ['allahabad', 'prayagraj'],
  ['pondicherry', 'puducherry'],
  ['vizag', 'visakhapatnam'],
  ['trichy', 'tiruchirappalli'],
  ['belgaum', 'belagavi'],
  ['hubli', 'hubballi'],
  ['simla', 'shimla'],
  ['cawnpore', 'kanpur'],
  ['new delhi', 'delhi'],
];

/** Meilisearch's synonym setting: each name maps to the other names of its group. */
export const meiliSynonyms = (): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const group of CITY_SYNONYM_GROUPS)
    for (const name of group) out[name] = group.filter((other) => other !== name);
  return out;
};

/** The names a normalised city input stands for (itself plus its group). */
export const cityAliases = (normalised: string): string[] => {
  const group = CITY_SYNONYM_GROUPS.find((g) => g.includes(normalised));
  return group ? [...group] : [normalised];
};
