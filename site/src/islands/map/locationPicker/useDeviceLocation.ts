import { useState } from 'react';
import { currentPosition, FORM_POSITION_OPTIONS, GEO_MESSAGES } from '../../../map/geolocation.ts';
import type { LatLng } from '../../../map/types.ts';

/** 'Get Current Location': the device position handed to `onFound`, or the picker's message. */
export const useDeviceLocation = (onFound: (at: LatLng) => void) => {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locate = async () => {
    setLocating(true);
    setError(null);
    const result = await currentPosition(FORM_POSITION_OPTIONS);
    setLocating(false);
    if (!result.ok) {
      setError(result.message === GEO_MESSAGES.unsupported ? result.message : GEO_MESSAGES.picker);
      return;
    }
    onFound(result);
  };
  return { locating, error, locate };
};
