/**
 * Registration and stamp duty are the state's (the Registration Act, 1908
 * and each state's Stamp Act and rent law). What the product says about them
 * is information with a link to the state's own registration and stamps
 * department, never advice: the words are the `agreements` catalogue's
 * (`agreementDraft.state.*`), each ending "This is not legal advice".
 *
 * The links are the departments' own sites as published by the states; a
 * person checks them when this table changes (docs/AGREEMENTS.md).
 */
import { normaliseLocality } from '../gazetteer/normalise.ts';

export type StateKey =
  | 'maharashtra'
  | 'karnataka'
  | 'delhi'
  | 'tamilNadu'
  | 'telangana'
  | 'westBengal'
  | 'gujarat'
  | 'rajasthan'
  | 'uttarPradesh'
  | 'kerala'
  | 'madhyaPradesh'
  | 'andhraPradesh'
  | 'other';

/**
 * Which rule the note words: Maharashtra registers every leave and licence
 * agreement whatever its term (Maharashtra Rent Control Act, 1999, s. 55);
 * Tamil Nadu's tenancy law (2017) has tenancies registered with its Rent
 * Authority; elsewhere a lease over a year must be registered (Registration
 * Act, 1908, s. 17(1)(d)) and stamp duty is the state's.
 */
export type StateRule = 'everyAgreement' | 'rentAuthority' | 'overAYear';

type StateEntry = { rule: StateRule; url: string; cities: readonly string[] };

const STATES: Readonly<Record<Exclude<StateKey, 'other'>, StateEntry>> = {
  maharashtra: {
    rule: 'everyAgreement',
    url: 'https://igrmaharashtra.gov.in/',
    cities: ['Mumbai', 'Pune', 'Nagpur'],
  },
  karnataka: {
    rule: 'overAYear',
    url: 'https://igr.karnataka.gov.in/',
    cities: ['Bengaluru', 'Mysuru', 'Mangaluru', 'Belagavi', 'Hubballi'],
  },
  delhi: { rule: 'overAYear', url: 'https://revenue.delhi.gov.in/', cities: ['Delhi'] },
  tamilNadu: {
    rule: 'rentAuthority',
    url: 'https://tnreginet.gov.in/',
    cities: ['Chennai', 'Coimbatore', 'Tiruchirappalli'],
  },
  telangana: {
    rule: 'overAYear',
    url: 'https://registration.telangana.gov.in/',
    cities: ['Hyderabad'],
  },
  westBengal: { rule: 'overAYear', url: 'https://wbregistration.gov.in/', cities: ['Kolkata'] },
  gujarat: {
    rule: 'overAYear',
    url: 'https://garvi.gujarat.gov.in/',
    cities: ['Ahmedabad', 'Surat', 'Vadodara'],
  },
  rajasthan: { rule: 'overAYear', url: 'https://igrs.rajasthan.gov.in/', cities: ['Jaipur'] },
  uttarPradesh: {
    rule: 'overAYear',
    url: 'https://igrsup.gov.in/',
    cities: ['Lucknow', 'Noida', 'Varanasi', 'Prayagraj', 'Kanpur'],
  },
  kerala: {
    rule: 'overAYear',
    url: 'https://keralaregistration.gov.in/',
    cities: ['Kochi', 'Thiruvananthapuram'],
  },
  madhyaPradesh: {
    rule: 'overAYear',
    url: 'https://www.mpigr.gov.in/',
    cities: ['Indore', 'Bhopal'],
  },
  andhraPradesh: {
    rule: 'overAYear',
    url: 'https://registration.ap.gov.in/',
    cities: ['Visakhapatnam'],
  },
};

export type StateNote = { state: StateKey; rule: StateRule; url: string | null };

const BY_CITY = new Map(
  Object.entries(STATES).flatMap(([state, e]) =>
    e.cities.map((c) => [normaliseLocality(c), state as Exclude<StateKey, 'other'>] as const),
  ),
);

/** The note for a let in `city` (as the listing stores it); a city not in the table gets the general rule, no link. */
export const stateNoteFor = (city: string): StateNote => {
  const state = BY_CITY.get(normaliseLocality(city));
  if (!state) return { state: 'other', rule: 'overAYear', url: null };
  const { rule, url } = STATES[state];
  return { state, rule, url };
};
