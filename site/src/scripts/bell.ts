/**
 * The header's notification bell (issue 17), plain DOM like the rest of the
 * header and fetched only once someone is signed in: the unread count (new
 * saved-search matches, visits the other side booked, moved or called off,
 * and owner notices; unread messages have their own
 * badge) and a list of
 * the recent ones, kept current by the live inbox stream, with 'Mark all as
 * read'. Opening one reads it (and, for a saved search's match, sees that
 * search's new matches, as opening the search does).
 */
import type { ReadableAtom } from 'nanostores';
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { NotificationItem } from '../lib/types.ts';
import type { apiRoute as apiRouteCall } from '../lib/api.ts';
import type { countLabel as countLabelFn } from '../lib/format.ts';
import type {
  countInWords as countInWordsFn,
  countNoun as countNounFn,
  matchText as matchTextFn,
} from './countWords.ts';

/**
 * What the bell uses of the frame, handed in rather than imported: the chunk
 * then has no dependencies of its own, and loading it costs the pages nothing
 * up front (no preload helper in the frame).
 */
export type BellDeps = {
  apiRoute: typeof apiRouteCall;
  /** Unread messages (the inbox stream's). */
  unreadMessages: ReadableAtom<number>;
  /** Bumped when the stream says the bell changed. */
  changed: ReadableAtom<number>;
  /** Counts in words in the page's language (countWords.ts) and the badge's count ('99+'). */
  countInWords: typeof countInWordsFn;
  countNoun: typeof countNounFn;
  matchText: typeof matchTextFn;
  countLabel: typeof countLabelFn;
};

type Item = NotificationItem;
type Bell = ApiResponse<'GET /notifications'>;

const byId = (id: string) => document.getElementById(id);

/** A site path in the page's language ('/messages' → '/hi/messages'), as the page's own links are. */
const inPageLanguage = (path: string) => {
  const lang = document.documentElement.lang.split('-')[0];
  return lang && lang !== 'en' && path.startsWith('/') ? `/${lang}${path}` : path;
};

/** The bell's words in the page's language, written on its element by the server (core/src/ui/signedInNav.ts). */
const words = () => {
  const { heading = '', empty = '', markRead = '' } = byId('bell')?.dataset ?? {};
  return { heading, empty, markRead };
};

/** 'visit-booked' → the element's data-visit-booked pattern. */
const VISIT_PATTERN: Record<string, 'visitBooked' | 'visitMoved' | 'visitCancelled'> = {
  'visit-booked': 'visitBooked',
  'visit-moved': 'visitMoved',
  'visit-cancelled': 'visitCancelled',
};

/** A visit's notice in the page's language, its time in India's (the visit's own zone). */
const visitText = (item: Item): string | undefined => {
  const pattern = VISIT_PATTERN[item.kind];
  const template = pattern && byId('bell')?.dataset[pattern];
  if (!template || !item.visitAt || !item.title) return undefined;
  const when = new Intl.DateTimeFormat(document.documentElement.lang || 'en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(item.visitAt));
  const title = item.title;
  return template.replace(/\{(title|when)\}/g, (_, name: string) =>
    name === 'title' ? title : when,
  );
};

/** How long ago in the page's language by Intl ('5 मिनट पहले', 'ಈಗ'): the bell's chunk carries no catalogue. */
const agoIn = (lang: string, minutes: number) => {
  const words = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
  if (minutes < 1) return words.format(0, 'second');
  if (minutes < 60) return words.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return words.format(-hours, 'hour');
  return words.format(-Math.round(hours / 24), 'day');
};

/** '5 min ago' as English has always said it; another page's language through Intl. */
const ago = (iso: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  const lang = document.documentElement.lang;
  if (lang && !lang.startsWith('en')) return agoIn(lang, minutes);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
};

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
};

/** The bell's styles travel with it (not in global.css): no page pays for them before someone signs in. */
const STYLE = `
.bell {
  position: relative;
}
.bell-button {
  display: flex;
  align-items: center;
  gap: 0.25rem;
  background: none;
  border: 0;
  cursor: pointer;
  color: var(--gray-900);
  padding: 0.25rem;
}
.bell-panel {
  position: absolute;
  right: 0;
  top: 2.6rem;
  z-index: 20;
  width: min(22rem, 90vw);
  background: #fff;
  box-shadow: var(--shadow);
  border-radius: var(--radius);
  padding: 0.5rem 0;
}
.bell-head {
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 0.25rem 1rem 0.5rem;
}
.bell-list {
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 24rem;
  overflow-y: auto;
}
.bell-item {
  display: flex;
  flex-direction: column;
  padding: 0.5rem 1rem;
  border-top: 1px solid var(--gray-100);
}
.bell-item a {
  color: var(--gray-900);
  text-decoration: none;
}
.bell-unread a {
  font-weight: 600;
}
.bell-time {
  font-size: 0.8rem;
}
.bell-empty {
  padding: 0.5rem 1rem;
  margin: 0;
}
@media (max-width: 760px) {
  .bell-panel {
    position: static;
    box-shadow: none;
    width: 100%;
  }
}
`;

/** Drawn as the header's other icons are (core/src/ui/icons.ts), kept here so the chunk imports nothing. */
const BELL_ICON =
  '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0"></path></svg>';

let bell: Bell | null = null;
let deps!: BellDeps;

const render = () => {
  const count = byId('bell-count');
  const panel = byId('bell-panel');
  if (!count || !panel || !bell) return;
  // The bell's badge counts notifications only; unread messages have their own badge (frame.ts).
  const unread = bell.unread;
  count.hidden = unread === 0;
  count.title = deps.countInWords('unread', unread);
  count.replaceChildren(
    element('span', { textContent: deps.countLabel(unread) }),
    element('span', {
      className: 'visually-hidden',
      textContent: ` ${deps.countNoun('unread', unread)}`,
    }),
  );
  const rows: HTMLElement[] = [];
  const messages = deps.unreadMessages.get();
  if (messages > 0)
    rows.push(
      element(
        'li',
        { className: 'bell-item bell-unread' },
        element('a', {
          href: inPageLanguage('/messages'),
          textContent: deps.countInWords('messages', messages),
        }),
      ),
    );
  for (const item of bell.items) {
    const text =
      item.kind === 'search-match' && item.search && item.title
        ? deps.matchText(item.search, item.title)
        : visitText(item);
    const link = element('a', { href: inPageLanguage(item.link), textContent: text ?? item.text });
    link.addEventListener('click', (event) => open(event, item));
    const li = element(
      'li',
      { className: `bell-item${item.read ? '' : ' bell-unread'}` },
      link,
      element('span', { className: 'muted bell-time', textContent: ago(item.at) }),
    );
    li.dataset.kind = item.kind;
    li.dataset.testid = 'bell-item';
    rows.push(li);
  }
  const list = rows.length
    ? element('ul', { className: 'bell-list' }, ...rows)
    : element('p', { className: 'muted bell-empty', textContent: words().empty });
  const markRead = element('button', {
    type: 'button',
    className: 'link-button',
    textContent: words().markRead,
    disabled: bell.unread === 0,
  });
  markRead.addEventListener('click', () => {
    // Read up to what the bell shows: anything that arrives meanwhile stays unread.
    const upTo = bell?.items[0]?.at;
    void deps
      .apiRoute('POST /notifications/read', { json: upTo ? { upTo } : {} })
      .then((answer) => {
        bell = answer;
        render();
      })
      .catch(() => undefined);
  });
  panel.replaceChildren(
    element(
      'div',
      { className: 'bell-head' },
      element('strong', { textContent: words().heading }),
      markRead,
    ),
    list,
  );
};

/**
 * Opens a notification, reading it first: a request started by the click
 * would be cancelled by the navigation. The page opens whether or not the
 * marks were recorded (a new tab or window is left to the browser).
 */
const open = (event: MouseEvent, item: Item) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  const marks: Promise<unknown>[] = [];
  if (!item.read) marks.push(deps.apiRoute('POST /notifications/read', { json: { id: item.id } }));
  if (item.searchId)
    marks.push(deps.apiRoute('POST /saved-searches/:id/seen', { params: { id: item.searchId } }));
  void Promise.allSettled(marks).then(() => window.location.assign(item.link));
};

const load = async () => {
  try {
    bell = await deps.apiRoute('GET /notifications');
    render();
  } catch {
    // The bell is a convenience: the page works without it, and the next change loads it again.
  }
};

let started = false;

/** Idempotent: the frame calls it once someone is signed in. */
export const startBell = (given: BellDeps): void => {
  if (started) return;
  started = true;
  deps = given;
  const host = byId('bell');
  if (!host) return;
  const button = element('button', {
    type: 'button',
    className: 'bell-button',
    id: 'bell-button',
    innerHTML: BELL_ICON,
  });
  // The server's word for it, in the page's language ('Notifications').
  button.append(element('span', { className: 'visually-hidden', textContent: words().heading }));
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'bell-panel');
  const count = element('span', { className: 'unread-badge', id: 'bell-count', hidden: true });
  count.dataset.testid = 'bell-count';
  button.append(count);
  const panel = element('div', { className: 'bell-panel', id: 'bell-panel', hidden: true });
  panel.dataset.testid = 'bell-panel';
  host.replaceChildren(button, panel);
  document.head.append(element('style', { textContent: STYLE }));
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Node && !panel.parentElement?.contains(event.target)) {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    }
  });
  deps.unreadMessages.listen(render);
  deps.changed.listen(() => void load());
  void load();
};
