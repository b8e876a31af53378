import { useEffect, useState } from 'react';
import { apiRoute } from '../lib/api.ts';
import type { Property, PublicProperty } from '../lib/types.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { SkeletonGrid } from '../components/react/ListStates.tsx';
import { PropertyCard } from '../components/react/PropertyCard.tsx';
import { VisitorCard } from '@rentals/core/ui/VisitorCard.tsx';
import { pageHref } from '../lib/i18n.ts';
import { cardText, visitorListingOf } from '../lib/visitorListing.ts';
import { useAuth } from '../components/react/useAuth.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';

const FEATURED_COUNT = 6;

/** Home's featured grid: full cards when signed in, public cards for visitors. */
/** The words of the empty grid, written by the page in its language (home's texts stay out of the page's embedded messages). */
type Words = { beFirst: string; listProperty: string };

const Featured = ({ words }: { words: Words }) => {
  const auth = useAuth();
  const [items, setItems] = useState<(Property | PublicProperty)[] | null>(null);
  useEffect(() => {
    if (auth.status === 'loading') return;
    const route =
      auth.status === 'authenticated'
        ? 'GET /properties/featured'
        : 'GET /properties/public/featured';
    apiRoute(route)
      .then((res) => setItems(res.properties.slice(0, FEATURED_COUNT)))
      .catch((error: unknown) => {
        // Featured failures are only logged (SPEC §8).
        console.error('featured properties', error);
        setItems([]);
      });
  }, [auth.status]);

  if (!items) return <SkeletonGrid />;
  if (items.length === 0)
    return (
      <div className="empty-state card">
        <div className="empty-icon" aria-hidden="true">
          <Icon name="home" />
        </div>
        <p>{words.beFirst}</p>
        <a className="button button-primary" href="/add-property">
          {words.listProperty}
        </a>
      </div>
    );
  return (
    <div className="property-grid">
      {items.map((p) =>
        auth.status === 'authenticated' ? (
          <PropertyCard key={p._id} property={p as Property} />
        ) : (
          <VisitorCard key={p._id} listing={visitorListingOf(p)} t={cardText} href={pageHref} />
        ),
      )}
    </div>
  );
};

export default function FeaturedGrid({ words }: { words: Words }) {
  return (
    <ErrorBoundary>
      <Featured words={words} />
    </ErrorBoundary>
  );
}
