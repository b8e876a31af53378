import {
  HIDE_FOR_REVIEW_WEIGHT,
  hidingWeight,
  type WeighedReport,
} from '@rentals/core/reports/weight';

/**
 * Brigades: ten accounts report one listing 'Fake or scam'. Which shapes of
 * brigade hide it, by the rule every report goes through (core/src/reports/
 * weight.ts, with the reporter facts the API records); the attack suite
 * (infra/src/security/reports.int.test.ts) plays the same through the API.
 */
const AT = '2026-06-01T12:00:00.000Z';
const HOUR = 3_600_000;
const before = (ms: number) => new Date(Date.parse(AT) - ms).toISOString();

type Brigade = { name: string; ageMs: number; verified: boolean; addresses: number; size: number };

const BRIGADES: Brigade[] = [
  { name: '10 new accounts, one address', ageMs: HOUR, verified: true, addresses: 1, size: 10 },
  { name: '10 new accounts, 10 addresses', ageMs: HOUR, verified: true, addresses: 10, size: 10 },
  {
    name: '10 unconfirmed accounts a week old, 10 addresses',
    ageMs: 7 * 24 * HOUR,
    verified: false,
    addresses: 10,
    size: 10,
  },
  {
    name: '10 confirmed accounts a week old, one address',
    ageMs: 7 * 24 * HOUR,
    verified: true,
    addresses: 1,
    size: 10,
  },
  {
    name: '10 confirmed accounts a week old, 10 addresses',
    ageMs: 7 * 24 * HOUR,
    verified: true,
    addresses: 10,
    size: 10,
  },
  {
    name: '3 confirmed accounts a week old, 3 addresses (honest reporters)',
    ageMs: 7 * 24 * HOUR,
    verified: true,
    addresses: 3,
    size: 3,
  },
];

const reports = (b: Brigade): WeighedReport[] =>
  Array.from({ length: b.size }, (_, i) => ({
    reportId: `r${i}`,
    reason: 'Fake or scam',
    at: AT,
    reporter: {
      since: before(b.ageMs),
      address: `address-${i % b.addresses}`,
      emailVerified: b.verified,
      upheld: 0,
      rejected: 0,
    },
  }));

/** One line per brigade: its weight and whether it hides the listing. */
export const brigadeLines = (): { lines: string[]; newAccountsHideNothing: boolean } => {
  const lines = BRIGADES.map((b) => {
    const weight = hidingWeight(reports(b));
    return `${b.name}: weight ${weight} of ${HIDE_FOR_REVIEW_WEIGHT} → ${weight >= HIDE_FOR_REVIEW_WEIGHT ? 'hidden until an admin decides' : 'not hidden'}`;
  });
  const newAccountsHideNothing = BRIGADES.filter((b) => b.ageMs < 24 * HOUR).every(
    (b) => hidingWeight(reports(b)) < HIDE_FOR_REVIEW_WEIGHT,
  );
  return { lines, newAccountsHideNothing };
};
