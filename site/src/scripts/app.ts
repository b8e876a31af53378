/**
 * The installed app (docs/APP.md), started by the frame once the page has loaded, so none of it
 * is first-load JavaScript: registers the service worker, shows the offline banner while the
 * phone has no connection, sends the messages written offline once it has one, and offers to install the app after a favourite or a saved search.
 */
import { APP_TEXTS } from '@rentals/core/i18n/appTexts';
import { SAVED_EVENT } from '../lib/appMoments.ts';
import { OUTBOX_FLAG } from '../lib/offlineCopies.ts';
import { pageLocale } from '../lib/i18n.ts';
import css from './app.css?inline';
import {
  INSTALL_DISMISSED_KEY,
  parseDismissedAt,
  shouldOfferInstall,
} from '../lib/installOffer.ts';

/** Chromium's install prompt (not in TypeScript's DOM types): usable once. */
type InstallPrompt = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
  ...children: (Node | string)[]
) => {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
};

/**
 * The notices, hidden, in the page's language: built here rather than in every page's HTML,
 * so they weigh nothing on first load (their texts and styles come with this script).
 */
const buildNotices = () => {
  const texts = APP_TEXTS[pageLocale()];
  document.head.append(element('style', { textContent: css }));
  const banner = element(
    'div',
    { className: 'offline-banner', hidden: true },
    texts['app.offline'],
  );
  banner.setAttribute('role', 'status');
  const accept = element(
    'button',
    { type: 'button', className: 'button button-primary' },
    texts['app.install.accept'],
  );
  const later = element(
    'button',
    { type: 'button', className: 'button' },
    texts['app.install.later'],
  );
  // No accessible name for the box: its text would name it, and a form's label search would
  // find it too ('Phone' in "on this phone"); the buttons say what they do.
  const text = element('p', {}, texts['app.install.text']);
  const offer = element(
    'div',
    { className: 'install-offer', hidden: true },
    text,
    element('div', { className: 'install-offer-actions' }, accept, later),
  );
  const main = document.getElementById('main');
  if (main) main.before(banner);
  else document.body.prepend(banner);
  document.body.append(offer);
  return { banner, offer, accept, later };
};

type Notices = ReturnType<typeof buildNotices>;

const registerWorker = () => {
  // The dev server and the pseudo-locale build have no /sw.js (astro.config.ts); elsewhere a
  // failed registration only means no offline copies.
  if (import.meta.env.PROD && !import.meta.env.SITE_ENGLISH_ONLY && 'serviceWorker' in navigator)
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
};

const followConnection = ({ banner }: Notices) => {
  const show = () => (banner.hidden = navigator.onLine);
  addEventListener('online', show);
  addEventListener('offline', show);
  show();
};

/**
 * Messages written offline (lib/outbox.ts) go once the phone is online, from whichever page is
 * open; the outbox's code loads only while it holds something.
 */
const sendOutbox = () => {
  if (!navigator.onLine) return;
  try {
    if (!localStorage.getItem(OUTBOX_FLAG)) return;
  } catch {
    return;
  }
  void import('../lib/outbox.ts').then((o) => o.flushOutbox()).catch(() => undefined);
};

/** localStorage may be unavailable (private windows, storage off): then we simply ask again. */
const storage = {
  dismissedAt: () => {
    try {
      return parseDismissedAt(localStorage.getItem(INSTALL_DISMISSED_KEY));
    } catch {
      return undefined;
    }
  },
  dismiss: () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Nothing to remember it in.
    }
  },
};

/** `installPrompt`: the browser's latest prompt, kept by the frame; each can be used once. */
const offerInstall = (
  { offer, accept, later }: Notices,
  installPrompt: () => Event | undefined,
) => {
  let used: Event | undefined;
  const usable = () => {
    const prompt = installPrompt();
    return prompt === used ? undefined : (prompt as InstallPrompt | undefined);
  };
  addEventListener('appinstalled', () => {
    used = installPrompt();
    offer.hidden = true;
  });
  addEventListener(SAVED_EVENT, () => {
    const state = {
      canPrompt: usable() !== undefined,
      installed: matchMedia('(display-mode: standalone)').matches,
      dismissedAt: storage.dismissedAt(),
      now: Date.now(),
    };
    if (shouldOfferInstall(state)) offer.hidden = false;
  });
  later.addEventListener('click', () => {
    offer.hidden = true;
    storage.dismiss();
  });
  accept.addEventListener('click', () => {
    offer.hidden = true;
    const prompt = usable();
    if (!prompt) return;
    used = prompt;
    void prompt
      .prompt()
      .then(() => prompt.userChoice)
      .then(({ outcome }) => outcome === 'dismissed' && storage.dismiss())
      .catch(() => undefined);
  });
};

/** `installPrompt`: the browser's latest install prompt, which the frame keeps from the start. */
export const startApp = (installPrompt: () => Event | undefined): void => {
  registerWorker();
  const notices = buildNotices();
  followConnection(notices);
  addEventListener('online', sendOutbox);
  sendOutbox();
  offerInstall(notices, installPrompt);
};
