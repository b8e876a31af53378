import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill, text } from '../../lib/i18n.ts';
import { looksToRent } from '../../lib/roleHome.ts';
import { $favourites, loadFavourites, toggleFavourite } from '../../stores/favourites.ts';
import { useAuth } from './useAuth.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';

/**
 * The heart on a card or the detail page: signed-in users looking to rent
 * only (not the listing's owner, not an admin), the same state in every island.
 */
export const FavouriteButton = ({
  listingId,
  title,
  ownerId,
  className = '',
}: {
  listingId: string;
  title: string;
  ownerId: string;
  className?: string;
}) => {
  const auth = useAuth();
  const favourites = useStore($favourites);
  const shown = looksToRent(auth.user, ownerId);
  useEffect(() => {
    if (shown) void loadFavourites();
  }, [shown]);
  if (!shown) return null;
  const on = favourites?.has(listingId) ?? false;
  return (
    <button
      type="button"
      className={`heart-button ${className}`}
      aria-pressed={on}
      aria-label={fill(on ? 'common.favourite.removeTitle' : 'common.favourite.saveTitle', {
        title,
      })}
      title={text(on ? 'common.favourite.remove' : 'common.favourite.save')}
      data-testid="favourite-button"
      disabled={favourites === null}
      onClick={() => void toggleFavourite(listingId)}
    >
      <Icon name="heart" />
    </button>
  );
};
