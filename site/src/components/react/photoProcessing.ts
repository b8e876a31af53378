import { useEffect } from 'react';
import type { Property } from '../../lib/types.ts';

// Apart from the tiles (PhotoUploads.tsx), which only an owner's listing shows: the listing page
// reloads while photos are processed without loading them.

/** How often a page showing photos still being processed asks again. */
const RECHECK_MS = 3000;

export const processingCount = (p: Property) =>
  (p.photoUploads ?? []).filter((u) => u.status === 'processing').length;

/**
 * While some of these listings' photos are being processed, calls `reload`
 * every few seconds, so that they appear once ready (uploads are answered
 * before their photos are processed).
 */
export const useReloadWhileProcessing = (properties: Property[], reload: () => void) => {
  const waiting = properties.some((p) => processingCount(p) > 0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(reload, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [waiting, properties, reload]);
};
