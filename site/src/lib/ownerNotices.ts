/**
 * What the owner is told in-app (GET /api/reports/notices and the live
 * stream's `notice` events): review decisions and the day-25 expiry reminder.
 */
export type OwnerNotice = {
  id: string;
  kind: 'fix-requested' | 'delisted' | 'suspended' | 'expiry-reminder';
  listingId: string;
  title: string | null;
  reason: string;
  at: string;
};
