/**
 * The dashboards' message figures, which come from the conversations feature
 * (issue 14, "Messages"). Until it is connected these answer `null`, and the
 * cards show '—' rather than a number nobody counted. Connecting: make each
 * function call the conversations' endpoint and return its figure.
 */

/** Unread messages of the signed-in user (tenant and owner Messages cards). */
export const fetchUnreadMessageCount = (): Promise<number | null> => Promise.resolve(null);

/** Conversations the signed-in tenant started (the Inquiries card). */
export const fetchEnquiriesSentCount = (): Promise<number | null> => Promise.resolve(null);

/**
 * New enquiries per day for each of the owner's listings over `days` (ISO
 * dates, oldest first): listing id → one count per day. The chart draws the
 * series beside the views; `null` leaves it out.
 */
export const fetchEnquiriesPerDay = (
  _days: readonly string[],
): Promise<Map<string, number[]> | null> => Promise.resolve(null);
