import { useCallback, useRef, useState } from 'react';
import { formatCoordinates } from '../../../map/distance.ts';
import type { LatLng } from '../../../map/types.ts';
import { reverseGeocode } from '../geocode.ts';

export type LocationSelection = LatLng & { address: string };

/**
 * The picked point. `choose` sets it at once and, without an address, names
 * it when the geocoder answers; the latest choice wins over slower answers.
 */
export const useSelection = (initial?: LatLng & { address?: string }) => {
  const [selection, setSelection] = useState<LocationSelection | null>(
    initial
      ? {
          latitude: initial.latitude,
          longitude: initial.longitude,
          address: initial.address ?? formatCoordinates(initial),
        }
      : null,
  );
  const [resolving, setResolving] = useState(false);
  const request = useRef(0);

  const choose = useCallback(async (latitude: number, longitude: number, address?: string) => {
    const ticket = ++request.current;
    setSelection({
      latitude,
      longitude,
      address: address ?? formatCoordinates({ latitude, longitude }),
    });
    if (address !== undefined) return;
    setResolving(true);
    const name = await reverseGeocode(latitude, longitude);
    if (ticket !== request.current) return;
    setSelection({ latitude, longitude, address: name });
    setResolving(false);
  }, []);

  return { selection, resolving, choose };
};
