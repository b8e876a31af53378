import { useSyncExternalStore } from 'react';
import { photoHold, subscribePhotoHold } from '@rentals/core/ui/photoHold';

/** The data saver's hold (core's photoHold.ts): the button's words, or null when photos load as usual. */
export const usePhotoHold = (): string | null =>
  useSyncExternalStore(subscribePhotoHold, photoHold, () => null);
