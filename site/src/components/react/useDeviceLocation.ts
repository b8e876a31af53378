import { useState } from 'react';
import type { PositionResult } from '../../map/geolocation.ts';
import type { LatLng } from '../../map/types.ts';

type Failure = Extract<PositionResult, { ok: false }>;

/**
 * Asks the device where it is: `locating` while it answers, then `onFound`
 * with the position, or `error` with the message `messageOf` picks (SPEC §8's
 * by default).
 */
export const useDeviceLocation = (
  options: PositionOptions,
  onFound: (at: LatLng) => void,
  messageOf: (failure: Failure) => string = (failure) => failure.message,
) => {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locate = async () => {
    setLocating(true);
    setError(null);
    // Loaded on the first press: a form shows the button long before (if ever) it is used.
    const { currentPosition } = await import('../../map/geolocation.ts');
    const result = await currentPosition(options);
    setLocating(false);
    if (!result.ok) {
      setError(messageOf(result));
      return;
    }
    onFound({ latitude: result.latitude, longitude: result.longitude });
  };
  return { locating, error, locate };
};
