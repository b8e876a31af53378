/*
 * The service worker's offline photos (docs/APP.md), imported by the worker Workbox writes
 * (site/scripts/serviceWorker.ts, importScripts). The site keeps the first photos of the
 * listings a user viewed or saved, in their smallest rendition, in the 'listing-photos' cache
 * (site/src/lib/offlineStore.ts); a photo the network cannot give comes from there. Online the
 * network always answers: photos are content-hashed, so a kept one is never a stale one.
 */
/* global self */
const PHOTO_CACHE = 'listing-photos';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith('/media/')) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const kept = await caches.open(PHOTO_CACHE).then((cache) => cache.match(request));
      return kept ?? Response.error();
    }),
  );
});
