/**
 * The data saver on the pre-rendered public pages (issue 43, docs/IMAGES.md). Their photos are in
 * the HTML, so the browser fetches them before any script could hold them: the web process holds
 * them instead, for a browser that asks to save data. Such a page names its photos only in data-
 * attributes, with the "Show photo" button over each blurred preview, exactly as core's
 * ResponsiveImage holds them in the app; the pages' frame script shows one on a tap and all of
 * them when the saver is switched off (site/src/scripts/frame.ts).
 */
import type { Locale } from '@rentals/core/i18n/locales';
import { translatorFor } from '@rentals/core/i18n/catalogues';

/** The cookie the site's data saver switch writes beside its local choice (site/src/stores/dataSaver.ts). */
export const DATA_SAVER_COOKIE = 'dataSaver';

/**
 * Whether a request asks for photos to be held: the person's own choice (the cookie) first;
 * without one, the browser's Save-Data hint, as the app's store decides.
 */
export const wantsDataSaver = (headers: Headers): boolean => {
  const cookie = headers.get('cookie') ?? '';
  const choice = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`).exec(cookie)?.[1];
  if (choice) return choice === 'on';
  return headers.get('save-data')?.trim().toLowerCase() === 'on';
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Moves an element's files into data- attributes, so the browser fetches nothing yet. */
const holdFiles = (element: HTMLRewriterTypes.Element) => {
  for (const name of ['src', 'srcset']) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    element.setAttribute(`data-${name}`, value);
    element.removeAttribute(name);
  }
};

/**
 * The page with every photo held. A photo is an <img> (or the <picture> around one); its frame is
 * the `photo-held` span with the button, as ResponsiveImage renders it. The head's preload of the
 * main photo goes too.
 */
export const holdPhotos = (html: string, locale: Locale): string => {
  const button = `<button type="button" class="btn btn-secondary" data-show-photo="">${escapeHtml(
    translatorFor(locale).t('common.dataSaver.showPhoto'),
  )}</button>`;
  const open = '<span class="photo-held" data-photo-held="waiting">';
  const close = `${button}</span>`;
  // Inside a <picture> the frame goes around the picture, not the img.
  let inPicture = false;
  return new HTMLRewriter()
    .on('link[rel="preload"][as="image"]', {
      element: (link) => {
        link.remove();
      },
    })
    .on('picture', {
      element: (picture) => {
        inPicture = true;
        picture.before(open, { html: true });
        picture.after(close, { html: true });
        picture.onEndTag(() => {
          inPicture = false;
        });
      },
    })
    .on('picture source', { element: holdFiles })
    .on('img[src]', {
      element: (img) => {
        if (img.getAttribute('src')?.startsWith('data:')) return;
        holdFiles(img);
        img.removeAttribute('fetchpriority');
        img.setAttribute('loading', 'eager');
        if (inPicture) return;
        img.before(open, { html: true });
        img.after(close, { html: true });
      },
    })
    .transform(html);
};
