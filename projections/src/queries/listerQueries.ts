/**
 * Reads of the lister-trust read model (projections/src/trust/listerTrust.ts)
 * with the accounts: the facts a trust card and the broker signals are made
 * of. The rules that weigh them are core's (core/src/trust/).
 */
import type { Sql } from 'postgres';
import type { ListerFacts } from '@rentals/core/trust/brokerSignals';
import type { Enquiry } from '@rentals/core/trust/responseStats';

export { LISTER_TRUST_READ_MODEL } from '@rentals/core/readSide/names';

export type ListerCardFacts = {
  id: string;
  name: string;
  role: string;
  memberSince: Date;
  listingsLive: number;
  reportsUpheld: number;
  enquiries: Enquiry[];
};

/** An account's card facts, or undefined for no such lister (tenants and admins list nothing). */
export const listerCardFacts = async (
  sql: Sql,
  accountId: string,
): Promise<ListerCardFacts | undefined> => {
  const [row] = await sql<Omit<ListerCardFacts, 'enquiries'>[]>`
    SELECT u.id, u.name, u.role, u.created_at AS "memberSince",
      (SELECT count(*)::int FROM lister_listings l WHERE l.owner_id = u.id AND l.listed) AS "listingsLive",
      coalesce((SELECT reports_upheld FROM lister_accounts a WHERE a.account_id = u.id), 0) AS "reportsUpheld"
    FROM users u WHERE u.id = ${accountId} AND u.role IN ('homeowner', 'broker')`;
  if (!row) return undefined;
  // The last year's conversations: how the lister answers now, not years ago.
  const enquiries = await sql<Enquiry[]>`
    SELECT to_json(started_at) #>> '{}' AS "startedAt", to_json(first_reply_at) #>> '{}' AS "firstReplyAt"
    FROM lister_conversations
    WHERE owner_id = ${accountId} AND started_at > now() - interval '365 days'`;
  return { ...row, enquiries };
};

export type BrokerCandidate = {
  accountId: string;
  name: string;
  email: string;
  memberSince: Date;
  askedAt: Date | null;
  markedOwnerAt: Date | null;
  answeredAt: Date | null;
  answer: string | null;
  facts: ListerFacts;
};

type Row = Omit<BrokerCandidate, 'facts'> & ListerFacts;

/**
 * Every homeowner account with listings (or only `accountId`'s), with the
 * facts its broker signals weigh. A contact point is an account's phone (its
 * last ten digits), its email (lower case, no '+tag', Gmail without dots:
 * core/src/trust/contactPoints.ts does the same) or one written in a listing.
 */
export const brokerCandidates = async (
  sql: Sql,
  accountId?: string,
): Promise<BrokerCandidate[]> => {
  const rows = await sql<Row[]>`
    WITH points AS (
      SELECT id AS account_id, 'phone:' || right(regexp_replace(phone, '\\D', '', 'g'), 10) AS point
      FROM users WHERE role <> 'admin' AND length(regexp_replace(phone, '\\D', '', 'g')) >= 10
      UNION
      SELECT id, 'email:' || CASE WHEN split_part(email, '@', 2) IN ('gmail.com', 'googlemail.com')
          THEN replace(split_part(split_part(email, '@', 1), '+', 1), '.', '') || '@gmail.com'
          ELSE split_part(split_part(email, '@', 1), '+', 1) || '@' || split_part(email, '@', 2) END
      FROM users WHERE role <> 'admin'
      UNION
      SELECT owner_id, unnest(title_points || description_points) FROM lister_listings
    ),
    shared AS (
      SELECT a.account_id, split_part(a.point, ':', 1) AS kind, count(DISTINCT b.account_id)::int AS others
      FROM points a JOIN points b ON b.point = a.point AND b.account_id <> a.account_id
      ${accountId === undefined ? sql`` : sql`WHERE a.account_id = ${accountId}`}
      GROUP BY 1, 2
    ),
    listings AS (
      SELECT owner_id, count(*)::int AS listings, count(DISTINCT address_key)::int AS addresses,
        array_agg(DISTINCT city ORDER BY city) AS cities,
        coalesce(jsonb_agg(jsonb_build_object('listingId', listing_id, 'title', title,
            'phrase', coalesce(title_mention, description_mention)) ORDER BY listing_id)
          FILTER (WHERE title_mention IS NOT NULL OR description_mention IS NOT NULL), '[]') AS mentions
      FROM lister_listings ${accountId === undefined ? sql`` : sql`WHERE owner_id = ${accountId}`} GROUP BY owner_id
    )
    SELECT u.id AS "accountId", u.name, u.email, u.created_at AS "memberSince",
      a.asked_at AS "askedAt", a.marked_owner_at AS "markedOwnerAt", a.answered_at AS "answeredAt", a.answer,
      l.listings, l.addresses, l.cities, l.mentions AS "brokerageMentions",
      coalesce((SELECT jsonb_agg(jsonb_build_object('kind', s.kind, 'otherAccounts', s.others) ORDER BY s.kind)
                FROM shared s WHERE s.account_id = u.id), '[]') AS "sharedContacts"
    FROM users u JOIN listings l ON l.owner_id = u.id
    LEFT JOIN lister_accounts a ON a.account_id = u.id
    WHERE u.role = 'homeowner' ${accountId === undefined ? sql`` : sql`AND u.id = ${accountId}`}`;
  return rows.map(
    ({ listings, addresses, cities, brokerageMentions, sharedContacts, ...rest }) => ({
      ...rest,
      facts: { listings, addresses, cities, brokerageMentions, sharedContacts },
    }),
  );
};
