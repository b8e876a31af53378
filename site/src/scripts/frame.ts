/**
 * Brings the static header and the toast area to life on every page without
 * React: auth start-up, the signed-in menu, the mobile menu and toasts.
 */
import { $auth, initAuth, isOwnerRole, logout } from '../stores/auth.ts';
import { apiRoute } from '../lib/api.ts';
import type * as InboxModule from '../stores/inbox.ts';
import { $toasts, pauseToasts, resumeToasts, showCarriedToasts } from '../stores/toasts.ts';
import type * as ToastArea from './toastArea.ts';
import { countLabel, initial } from '../lib/format.ts';
import type * as CountWords from './countWords.ts';
import { hasPageMessage, text } from '../lib/i18n.ts';
import { afterPage } from '../lib/afterPage.ts';
import { $dataSaver, holdPhotosWhileSaving, setDataSaver } from '../stores/dataSaver.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

const renderHeader = () => {
  const state = $auth.get();
  const role = state.user?.role;
  const visible: Record<string, boolean> = {
    loading: state.status === 'loading',
    in: state.status === 'authenticated',
    out: state.status === 'anonymous',
    owner: state.status === 'authenticated' && isOwnerRole(role),
    admin: state.status === 'authenticated' && role === 'admin',
    member: state.status === 'authenticated' && role !== 'admin',
    // Who may list: owners, and visitors (who sign up as one); not tenants or admins (SPEC: non-tenant).
    lister: state.status === 'anonymous' || (state.status === 'authenticated' && isOwnerRole(role)),
  };
  for (const el of document.querySelectorAll<HTMLElement>('[data-show]'))
    el.hidden = !visible[el.dataset.show ?? ''];
  const browse = byId<HTMLAnchorElement>('nav-browse');
  if (browse) browse.href = state.status === 'authenticated' ? '/properties' : '/browse';
  // The logo is the way home; an admin's home is the admin console.
  for (const logo of document.querySelectorAll<HTMLAnchorElement>('a.logo'))
    logo.href = role === 'admin' ? '/admin' : '/';
  const name = byId('user-name');
  if (name) name.textContent = state.user?.name ?? '';
  const avatar = byId('user-initial');
  if (avatar) avatar.textContent = state.user ? initial(state.user.name) : '';
};

/**
 * The unread messages count beside Messages and on the menu button (which hides
 * the link on phones), with an envelope: the bell's badge is the other red
 * badge, and counts notifications only.
 */
const renderUnread =
  ({ countInWords }: typeof CountWords) =>
  (unread: number) => {
    for (const badge of document.querySelectorAll<HTMLElement>('[data-unread-badge]')) {
      badge.hidden = unread === 0;
      badge.title = countInWords('messages', unread);
      const count = badge.querySelector('[data-unread-count]');
      if (count) count.textContent = countLabel(unread);
      const words = badge.querySelector('[data-unread-words]');
      if (words) words.textContent = ` ${countInWords('messages', unread)}`;
    }
  };

/**
 * The live inbox (its stream and the unread count) and the count's words are only for a
 * signed-in user, so they load once one is known, after the page (site/scripts/checkBudgets.ts).
 */
let inbox: Promise<[typeof InboxModule, typeof CountWords]> | undefined;

/**
 * One live inbox stream per tab while signed in, and the bell (fetched then: visitors never load
 * them), once the page has loaded (lib/afterPage.ts): the badge and the bell are not the page.
 */
const followInbox = () => {
  const status = $auth.get().status;
  if (status === 'authenticated') afterPage(startInboxAndBell);
  else if (status === 'anonymous') void inbox?.then(([loaded]) => loaded.stopInbox());
};

const startInboxAndBell = () => {
  if ($auth.get().status === 'authenticated') {
    inbox ??= Promise.all([import('../stores/inbox.ts'), import('./countWords.ts')]).then(
      (loaded) => {
        loaded[0].$unread.subscribe(renderUnread(loaded[1]));
        return loaded;
      },
    );
    // Both fetched at once: the bell needs the inbox's stores, not its turn.
    void Promise.all([inbox, import('./bell.ts')]).then(
      ([[{ startInbox, $unread, $bellChanged }, { countInWords, countNoun, matchText }], bell]) => {
        startInbox();
        bell.startBell({
          apiRoute,
          unreadMessages: $unread,
          changed: $bellChanged,
          countInWords,
          countNoun,
          matchText,
          countLabel,
        });
      },
    );
  }
};

const toggleOnClick = (
  buttonId: string,
  target: HTMLElement,
  onChange: (open: boolean) => void,
) => {
  const button = byId<HTMLButtonElement>(buttonId);
  button?.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    onChange(open);
  });
  return button;
};

const wireMenus = () => {
  const nav = byId('nav-menu');
  if (nav) toggleOnClick('menu-toggle', nav, (open) => (nav.dataset.open = String(open)));
  const list = byId('user-menu-list');
  if (list) {
    const button = toggleOnClick('user-button', list, (open) => (list.hidden = !open));
    const close = () => {
      list.hidden = true;
      button?.setAttribute('aria-expanded', 'false');
    };
    document.addEventListener('click', (event) => {
      if (!(event.target instanceof Node) || !list.parentElement?.contains(event.target)) close();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !list.hidden) {
        close();
        button?.focus();
      }
    });
  }
  byId('logout-button')?.addEventListener('click', () => void logout());
};

/**
 * The installed app's parts (scripts/app.ts: service worker, offline banner, install offer) load
 * after the page has, outside the first-load budget. The browser's install prompt is kept for
 * them from the start (and its own banner held back: we offer the app ourselves, at the right time).
 */
const startAppAfterLoad = () => {
  let installPrompt: Event | undefined;
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event;
  });
  // This module runs before the load event (a module script), so the listener never misses it.
  addEventListener(
    'load',
    () => void import('./app.ts').then((app) => app.startApp(() => installPrompt)),
  );
};

/** A held photo's files move from data- attributes into place, the sources first (AVIF). */
const showPhotoIn = (frame: Element) => {
  for (const node of frame.querySelectorAll('[data-srcset]'))
    node.setAttribute('srcset', node.getAttribute('data-srcset') ?? '');
  for (const node of frame.querySelectorAll('img[data-src]'))
    node.setAttribute('src', node.getAttribute('data-src') ?? '');
  frame.setAttribute('data-photo-held', 'shown');
};

/** A held photo's "Show photo" (core's ResponsiveImage, or a public page held by the server). */
const showHeldPhoto = (event: Event) => {
  const frame = (event.target as Element | null)
    ?.closest?.('[data-show-photo]')
    ?.closest('[data-photo-held]');
  if (!frame) return;
  event.preventDefault();
  showPhotoIn(frame);
};

/** Switched off: every photo still held shows (a public page's are held in its HTML by the server). */
const showAllHeld = () => {
  for (const frame of document.querySelectorAll('[data-photo-held="waiting"]')) showPhotoIn(frame);
};

/** The footer's data saver switch, and photos held while it is on (stores/dataSaver.ts). */
const wireDataSaver = () => {
  document.addEventListener('click', showHeldPhoto);
  const boxes = document.querySelectorAll<HTMLInputElement>('input[data-data-saver]');
  for (const box of boxes) box.addEventListener('change', () => setDataSaver(box.checked));
  $dataSaver.subscribe((on) => {
    for (const box of boxes) box.checked = on;
    if (!on) showAllHeld();
  });
  // Public pages written before this text existed lack it until they are regenerated: their
  // photos then load as usual rather than the frame failing.
  if (hasPageMessage('common.dataSaver.showPhoto'))
    holdPhotosWhileSaving(text('common.dataSaver.showPhoto'));
};

export const startFrame = (): void => {
  wireDataSaver();
  startAppAfterLoad();
  // Only pages built in more than one language have a language switch to wire.
  if (document.querySelector('a[data-lang]'))
    void import('./languages.ts').then((l) => l.wireLanguages());
  $auth.subscribe(renderHeader);
  $auth.subscribe(followInbox);
  wireMenus();
  const area = byId('toaster');
  if (area) {
    // Drawn by toastArea.ts, fetched with the first toast: most page views show none.
    let drawer: Promise<typeof ToastArea> | undefined;
    $toasts.subscribe((list) => {
      if (list.length === 0 && !drawer) return;
      drawer ??= import('./toastArea.ts');
      void drawer.then(({ renderToasts }) => renderToasts(area, $toasts.get()));
    });
    area.addEventListener('mouseenter', pauseToasts);
    area.addEventListener('mouseleave', resumeToasts);
  }
  showCarriedToasts();
  void initAuth();
};
