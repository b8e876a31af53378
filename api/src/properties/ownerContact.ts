import type { Sql } from 'postgres';

/** How a signed-in user may reach a listing's owner: only what the owner chose to show. */
export type OwnerContact = { phone?: string; email?: string };

/**
 * The owner's phone and email for the detail view of a signed-in user, read
 * from the account at request time (so a changed phone shows at once) and
 * never stored in a read model, a list or a visitor document: only the one
 * listing a user opened carries them, which keeps bulk scraping of numbers
 * from the search results impossible.
 */
export const ownerContact = async (
  sql: Sql,
  ownerId: string,
  shown: { showPhone: boolean; showEmail: boolean },
): Promise<OwnerContact> => {
  if (!shown.showPhone && !shown.showEmail) return {};
  const [row] = await sql<{ phone: string; email: string }[]>`
    SELECT phone, email FROM users WHERE id = ${ownerId}`;
  if (!row) return {};
  return {
    ...(shown.showPhone && row.phone ? { phone: row.phone } : {}),
    ...(shown.showEmail ? { email: row.email } : {}),
  };
};
