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

/*
 * The page asks the worker to fetch the photos to keep: a fetch of the page's own would end with
 * the page, and a user moves on as soon as the listing shows (offlineStore.ts, keepPhotos).
 */
self.addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type !== 'keep-photos' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (u) =>
      typeof u === 'string' && new URL(u, self.location.origin).origin === self.location.origin,
  );
  event.waitUntil(
    caches.open(PHOTO_CACHE).then((cache) =>
      Promise.all(
        urls.map(async (u) => {
          if (!(await cache.match(u))) await cache.add(u).catch(() => undefined);
        }),
      ),
    ),
  );
});
