import { useCallback, useEffect, useState } from 'react';
import type { LetDocument } from '@rentals/core/contract/let';
import { useReloadWhileProcessing } from '../../components/react/photoProcessing.ts';
import { apiRoute, describeError } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import type { Property } from '../../lib/types.ts';

/**
 * What My Properties shows, loaded once: the owner's listings (null while
 * loading; reloaded while photos are processed), the enquiries per listing
 * and the figures of the homes now let. Only the listings' failure is told
 * (`onError`); without the others a card still works.
 */
export const useMyListings = (onError: (message: string) => void) => {
  const [properties, setProperties] = useState<Property[] | null>(null);
  const [enquiries, setEnquiries] = useState<Map<string, number>>(new Map());
  const [lets, setLets] = useState<Map<string, LetDocument>>(new Map());

  useEffect(() => {
    apiRoute('GET /conversations/enquiries')
      .then((res) => setEnquiries(new Map(res.listings.map((l) => [l.listingId, l.enquiries]))))
      .catch(() => undefined);
    apiRoute('GET /lets/mine')
      .then((res) => {
        const current = res.lets.filter((l) => l.role === 'owner' && l.current);
        setLets(new Map(current.map((l) => [l.listingId, l])));
      })
      .catch(() => undefined);
    apiRoute('GET /properties/my-properties')
      .then((res) => setProperties(res.properties))
      .catch((e: unknown) => {
        onError(describeError(e, text('myProperties.loadFailed')));
        setProperties([]);
      });
    // Loaded once per page: onError is the page's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Photos still being processed appear on their cards once ready.
  const reload = useCallback(() => {
    apiRoute('GET /properties/my-properties')
      .then((res) => setProperties(res.properties))
      .catch(() => undefined);
  }, []);
  useReloadWhileProcessing(properties ?? [], reload);

  /** One listing as an answer now has it. */
  const replace = (next: Property) =>
    setProperties((list) => list?.map((p) => (p._id === next._id ? next : p)) ?? null);
  /** A listing gone from the list. */
  const drop = (id: string) => setProperties((list) => list?.filter((x) => x._id !== id) ?? null);
  /** A let just recorded: its figures, and the card off the market. */
  const letMade = (p: Property, made: LetDocument) => {
    setLets((m) => new Map(m).set(p._id, made));
    replace({ ...p, isAvailable: false, let: { at: made.letAt } });
  };
  return { properties, enquiries, lets, replace, drop, letMade };
};
