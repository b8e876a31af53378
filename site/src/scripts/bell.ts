/**
 * The header's notification bell (issue 17), plain DOM like the rest of the
 * header and fetched only once someone is signed in: the unread count (new
 * saved-search matches and owner notices, plus unread messages) and a list of
 * the recent ones, kept current by the live inbox stream, with 'Mark all as
 * read'.
 */
import { api } from '../lib/api.ts';
import { $bellChanged, $unread } from '../stores/inbox.ts';

type Item = { id: string; kind: string; text: string; link: string; at: string; read: boolean };
type Bell = { unread: number; unreadMessages: number; items: Item[] };

const byId = (id: string) => document.getElementById(id);

const ago = (iso: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
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

let bell: Bell | null = null;

const render = () => {
  const count = byId('bell-count');
  const panel = byId('bell-panel');
  if (!count || !panel || !bell) return;
  const unread = bell.unread + $unread.get();
  count.hidden = unread === 0;
  count.replaceChildren(
    element('span', { textContent: unread > 99 ? '99+' : String(unread) }),
    element('span', { className: 'visually-hidden', textContent: ' unread notifications' }),
  );
  const rows: HTMLElement[] = [];
  const messages = $unread.get();
  if (messages > 0)
    rows.push(
      element(
        'li',
        { className: 'bell-item bell-unread' },
        element('a', {
          href: '/messages',
          textContent: `${messages} unread message${messages === 1 ? '' : 's'}`,
        }),
      ),
    );
  for (const item of bell.items) {
    const li = element(
      'li',
      { className: `bell-item${item.read ? '' : ' bell-unread'}` },
      element('a', { href: item.link, textContent: item.text }),
      element('span', { className: 'muted bell-time', textContent: ago(item.at) }),
    );
    li.dataset.kind = item.kind;
    li.dataset.testid = 'bell-item';
    rows.push(li);
  }
  const list = rows.length
    ? element('ul', { className: 'bell-list' }, ...rows)
    : element('p', { className: 'muted bell-empty', textContent: 'No notifications yet' });
  const markRead = element('button', {
    type: 'button',
    className: 'link-button',
    textContent: 'Mark all as read',
    disabled: bell.unread === 0,
  });
  markRead.addEventListener('click', () => {
    // Read up to what the bell shows: anything that arrives meanwhile stays unread.
    const upTo = bell?.items[0]?.at;
    void api<Bell>('/notifications/read', { method: 'POST', json: upTo ? { upTo } : {} })
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
      element('strong', { textContent: 'Notifications' }),
      markRead,
    ),
    list,
  );
};

const load = async () => {
  try {
    bell = await api<Bell>('/notifications');
    render();
  } catch {
    // The bell is a convenience: the page works without it, and the next change loads it again.
  }
};

let started = false;

/** Idempotent: the frame calls it once someone is signed in. */
export const startBell = (): void => {
  if (started) return;
  started = true;
  const button = byId('bell-button');
  const panel = byId('bell-panel');
  if (!button || !panel) return;
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
  $unread.listen(render);
  $bellChanged.listen(() => void load());
  void load();
};
