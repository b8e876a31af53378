import { PropertyCard } from '../../components/react/PropertyCard.tsx';
import type { Property } from '../../lib/types.ts';
import type { ListState } from './usePropertyList.ts';

/**
 * A signed-in user's search results: the full cards (photos, terms, the
 * heart). Loaded beside the search's first request, which it waits for
 * anyway (preloadMemberResults), so the page's first load carries none of
 * the cards' code (site/scripts/checkBudgets.ts: 90 KB of JavaScript).
 */
export default function MemberResults({ items }: { items: ListState['items'] }) {
  return (
    <>
      {items.map((p, i) => (
        <PropertyCard key={p._id} property={p as Property} first={i === 0} />
      ))}
    </>
  );
}
