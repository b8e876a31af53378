/**
 * Localities people search for that are not post-office names, placed at the
 * PIN that covers them. Kept by hand; add to it when users miss a place.
 */
export const LOCALITY_ALIASES: { name: string; pin: string }[] = [
  { name: 'Hinjewadi', pin: '411057' },
  { name: 'Hinjawadi', pin: '411057' },
  { name: 'Salt Lake', pin: '700091' },
  { name: 'Bidhannagar', pin: '700091' },
  { name: 'Sector V', pin: '700091' },
  { name: 'Powai', pin: '400076' },
  { name: 'HSR Layout', pin: '560102' },
  { name: 'Electronic City', pin: '560100' },
  { name: 'Whitefield', pin: '560066' },
  { name: 'Indiranagar', pin: '560038' },
  { name: 'Marathahalli', pin: '560037' },
  { name: 'Koramangala', pin: '560034' },
  { name: 'Gachibowli', pin: '500032' },
  { name: 'HITEC City', pin: '500081' },
  { name: 'Hitech City', pin: '500081' },
  { name: 'Madhapur', pin: '500081' },
  { name: 'Andheri West', pin: '400053' },
  { name: 'Bandra West', pin: '400050' },
  { name: 'Cyber City', pin: '122002' },
  { name: 'Connaught Place', pin: '110001' },
  { name: 'Viman Nagar', pin: '411014' },
  { name: 'Kharadi', pin: '411014' },
  { name: 'Velachery', pin: '600042' },
  { name: 'Adyar', pin: '600020' },
];

/** Old and new names of big cities, as Meilisearch synonyms (both directions). */
export const CITY_SYNONYMS: [string, string][] = [
  ['bangalore', 'bengaluru'],
  ['bombay', 'mumbai'],
  ['gurgaon', 'gurugram'],
  ['calcutta', 'kolkata'],
  ['madras', 'chennai'],
  ['poona', 'pune'],
  ['baroda', 'vadodara'],
  ['mysore', 'mysuru'],
  ['trivandrum', 'thiruvananthapuram'],
  ['cochin', 'kochi'],
  ['benares', 'varanasi'],
  ['pondicherry', 'puducherry'],
  ['simla', 'shimla'],
  ['vizag', 'visakhapatnam'],
];
