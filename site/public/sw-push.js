/*
 * The service worker's push handling (docs/PUSH.md), imported by the worker
 * Workbox writes (site/scripts/serviceWorker.ts, importScripts). A push
 * carries {title, body, url} in the recipient's language, encrypted for this
 * browser (RFC 8291); it is shown as a notification, and a tap opens its page
 * (a site path), focusing a tab already on it.
 */
/* global self, clients */
const SITE_PATH = /^\/(?!\/)/;

self.addEventListener('push', (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    return;
  }
  if (typeof push.title !== 'string') return;
  const url = typeof push.url === 'string' && SITE_PATH.test(push.url) ? push.url : '/';
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: typeof push.body === 'string' ? push.body : '',
      icon: '/icons/icon-192.png',
      data: { url },
      tag: url,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
      const tab = open.find((client) => client.url === url);
      return tab ? tab.focus() : clients.openWindow(url);
    }),
  );
});
