import { useEffect, useState } from 'react';
import { isPossiblyRented } from '../../lib/possiblyRented.ts';
import { text } from '../../lib/i18n.ts';

/** 'Possibly rented' when three people reported the listing as already rented and its owner has not confirmed it since. */
export const PossiblyRented = ({ listingId }: { listingId: string }) => {
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    let live = true;
    void isPossiblyRented(listingId).then((m) => live && setMarked(m));
    return () => {
      live = false;
    };
  }, [listingId]);
  return marked ? <span className="badge badge-pending">{text('card.possiblyRented')}</span> : null;
};
