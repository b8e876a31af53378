import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { normaliseLocality } from '@rentals/core/gazetteer/normalise';
import type { ListingLet } from '@rentals/core/listings/events';
import { LETS_READ_MODEL } from '@rentals/core/readSide/names';
import type { SqlProjection } from '../runner/projection.ts';
import { sql, type Statement } from '../runner/statement.ts';

export { LETS_READ_MODEL };

/**
 * One row of listing_lets per ListingLet (issue 44): the rent actually
 * agreed, keyed by city and area as rent_listing normalises them
 * (rentTrends.ts), so the 'let at' series and the open rent data group lets
 * with the asked rents of the same place. A let is a fact that stays: a
 * relist or a deletion of the listing keeps it in the market's history.
 */
const toStatements = (recorded: RecordedEvent): Statement[] => {
  if (recorded.type !== 'ListingLet') return [];
  const d = (recorded as unknown as ListingLet).data;
  // Lets recorded before the event carried its owner: the one who recorded it was the owner (or an admin).
  const ownerId = d.ownerId ?? recorded.metadata.userId ?? '';
  return [
    sql`INSERT INTO listing_lets (let_id, listing_id, owner_id, tenant_id, conversation_id, rent, deposit,
          move_in, let_at, city, city_key, area, area_key, property_type, bedrooms)
        VALUES (${d.letId}, ${d.listingId}, ${ownerId}, ${d.tenantId ?? null}, ${d.conversationId ?? null},
          ${d.rent}, ${d.deposit}, ${d.moveIn}::date, ${d.at}, ${d.city}, ${normaliseLocality(d.city)},
          ${d.area}, ${normaliseLocality(d.area)}, ${d.propertyType}, ${Math.trunc(d.bedrooms)})
        ON CONFLICT (let_id) DO NOTHING`,
  ];
};

/** The lets read model: listing_lets, rebuilt from the ListingLet events alone. */
export const letsReadModel: SqlProjection = {
  kind: 'sql',
  name: LETS_READ_MODEL,
  canHandle: ['ListingLet'],
  evolve: toStatements,
  reset: [sql`TRUNCATE listing_lets`],
  tables: ['listing_lets'],
};
