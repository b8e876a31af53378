import type { RecordedEvent } from '@rentals/core/eventStore/types';
import {
  isListingEvent,
  LISTING_EVENT_TYPES,
  type ListingEvent,
} from '@rentals/core/listings/events';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import { brokerageMention } from '@rentals/core/trust/brokerText';
import { contactPointsIn } from '@rentals/core/trust/contactPoints';
import { LISTER_TRUST_READ_MODEL } from '@rentals/core/readSide/names';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';

/** Review decisions that uphold reports against the listing's owner. */
const UPHELD = ['ListingFixRequested', 'ListingDelistedAfterReview', 'ListingOwnerSuspended'];
const ROLE_QUESTION = [
  'ListerRoleConfirmationAsked',
  'ListerMarkedAsOwner',
  'ListerConfirmedOwner',
  'AccountBecameBroker',
];
const LISTING_TYPES = LISTING_EVENT_TYPES.filter(
  (t) =>
    ![
      'ListingRentChanged',
      'ListingImagesAdded',
      'ListingImageRemoved',
      'ListingImagesReordered',
      'ListingImageCaptioned',
      'ListingPhotosReceived',
      'ListingPhotosFailed',
      'ListingVerified',
      'ListingVerificationRevoked',
      'ListingAvailabilityConfirmed',
      'ListingExpiryReminded',
      'ListingOwnerRoleChanged',
    ].includes(t),
);

const addressKey = (l: { address: string; area: string; city: string }) =>
  normaliseLocality(`${l.address} ${l.area} ${l.city}`);

type Of<T extends ListingEvent['type']> = Extract<ListingEvent, { type: T }>;

const created = ({ data: d }: Of<'ListingCreated'>): Statement =>
  sql`INSERT INTO lister_listings (listing_id, owner_id, title, city, address_key, listed, title_mention,
        description_mention, title_points, description_points)
      VALUES (${d.listingId}, ${d.ownerId}, ${d.title}, ${d.location.city}, ${addressKey(d.location)},
        ${d.isAvailable}, ${brokerageMention(d.title) ?? null}, ${brokerageMention(d.description) ?? null},
        ${contactPointsIn(d.title)}::text[], ${contactPointsIn(d.description)}::text[])
      ON CONFLICT (listing_id) DO NOTHING`;

/** A revision changes only the text it gives; each field's mention and points are its own. */
const revised = ({ data: d }: Of<'ListingDetailsRevised'>): Statement[] => [
  ...(d.title === undefined
    ? []
    : [
        sql`UPDATE lister_listings SET title = ${d.title}, title_mention = ${brokerageMention(d.title) ?? null},
              title_points = ${contactPointsIn(d.title)}::text[] WHERE listing_id = ${d.listingId}`,
      ]),
  ...(d.description === undefined
    ? []
    : [
        sql`UPDATE lister_listings SET description_mention = ${brokerageMention(d.description) ?? null},
              description_points = ${contactPointsIn(d.description)}::text[] WHERE listing_id = ${d.listingId}`,
      ]),
];

const listingStatements = (event: ListingEvent): Statement[] => {
  const id = event.data.listingId;
  switch (event.type) {
    case 'ListingCreated':
      return [created(event)];
    case 'ListingDetailsRevised':
      return revised(event);
    case 'ListingLocationChanged': {
      const l = event.data.location;
      return [
        sql`UPDATE lister_listings SET city = ${l.city}, address_key = ${addressKey(l)} WHERE listing_id = ${id}`,
      ];
    }
    case 'ListingDelisted':
    case 'ListingExpired':
    case 'ListingHiddenForReview':
    case 'ListingRelisted':
    case 'ListingReviewCleared': {
      const listed =
        event.type === 'ListingRelisted' ||
        (event.type === 'ListingReviewCleared' && event.data.isAvailable);
      return [sql`UPDATE lister_listings SET listed = ${listed} WHERE listing_id = ${id}`];
    }
    case 'ListingDeleted':
      return [sql`DELETE FROM lister_listings WHERE listing_id = ${id}`];
    default:
      return [];
  }
};

type Data = Record<string, string>;

const accountColumn: Record<string, string> = {
  ListerRoleConfirmationAsked: 'asked_at',
  ListerMarkedAsOwner: 'marked_owner_at',
};

/** The role question's history: when asked, judged an owner, answered (and how). */
const accountStatements = (type: string, d: Data): Statement[] => {
  const column = accountColumn[type];
  if (column === 'asked_at')
    return [
      sql`INSERT INTO lister_accounts (account_id, asked_at) VALUES (${d.accountId}, ${d.at})
          ON CONFLICT (account_id) DO UPDATE SET asked_at = excluded.asked_at`,
    ];
  if (column === 'marked_owner_at')
    return [
      sql`INSERT INTO lister_accounts (account_id, marked_owner_at) VALUES (${d.accountId}, ${d.at})
          ON CONFLICT (account_id) DO UPDATE SET marked_owner_at = excluded.marked_owner_at`,
    ];
  const answer = type === 'AccountBecameBroker' ? 'broker' : 'owner';
  return [
    sql`INSERT INTO lister_accounts (account_id, answered_at, answer) VALUES (${d.accountId}, ${d.at}, ${answer})
        ON CONFLICT (account_id) DO UPDATE SET answered_at = excluded.answered_at, answer = excluded.answer`,
  ];
};

const otherStatements = (event: RecordedEvent): Statement[] => {
  const d = event.data as Data;
  if (event.type === 'ConversationStarted')
    return [
      sql`INSERT INTO lister_conversations (conversation_id, owner_id, tenant_id, started_at)
          VALUES (${d.conversationId}, ${d.ownerId}, ${d.tenantId}, ${d.at}) ON CONFLICT DO NOTHING`,
    ];
  if (event.type === 'MessageSent')
    // The lister's first message in a conversation a tenant started is its first answer.
    return [
      sql`UPDATE lister_conversations SET first_reply_at = ${d.at}
          WHERE conversation_id = ${d.conversationId} AND owner_id = ${d.senderId} AND first_reply_at IS NULL`,
    ];
  if (UPHELD.includes(event.type))
    return [
      sql`INSERT INTO lister_accounts (account_id, reports_upheld) VALUES (${d.ownerId}, 1)
          ON CONFLICT (account_id) DO UPDATE SET reports_upheld = lister_accounts.reports_upheld + 1`,
    ];
  if (ROLE_QUESTION.includes(event.type)) return accountStatements(event.type, d);
  return [];
};

const TABLES = ['lister_listings', 'lister_conversations', 'lister_accounts'] as const;

/**
 * What the lister's trust card and the broker signals read (issue 41): each
 * listing's place, status and what its text says, each conversation's first
 * answer, and per account the reports upheld and the role question.
 */
export const listerTrustReadModel: SqlProjection = {
  kind: 'sql',
  name: LISTER_TRUST_READ_MODEL,
  canHandle: [...LISTING_TYPES, 'ConversationStarted', 'MessageSent', ...UPHELD, ...ROLE_QUESTION],
  evolve: (event) =>
    isListingEvent(event)
      ? listingStatements({ type: event.type, data: event.data } as ListingEvent)
      : otherStatements(event),
  reset: TABLES.map((table): Statement => ({ text: `TRUNCATE ${table}`, values: [] })),
  tables: TABLES,
};
