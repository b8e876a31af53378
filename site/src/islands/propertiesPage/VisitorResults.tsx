import { VisitorCard } from '@rentals/core/ui/VisitorCard.tsx';
import { pageHref } from '../../lib/i18n.ts';
import { cardText, visitorListingOf } from '../../lib/visitorListing.ts';
import type { ListState } from './usePropertyList.ts';

/**
 * A visitor's search results: the restricted cards. Loaded only for visitors
 * (ListResults imports it lazily), so signed-in tenants' first load carries
 * none of it (site/scripts/checkBudgets.ts); visitors mostly browse /browse.
 */
export default function VisitorResults({ items }: { items: ListState['items'] }) {
  return (
    <>
      {items.map((p) => (
        <VisitorCard key={p._id} listing={visitorListingOf(p)} t={cardText} href={pageHref} />
      ))}
    </>
  );
}
