/**
 * Draws the toasts (stores/toasts.ts) into the page's toast area; fetched by the frame with the
 * first toast, since most page views show none (the first load, site/scripts/checkBudgets.ts).
 */
import { dismissToast, type Toast } from '../stores/toasts.ts';

const icons: Record<Toast['kind'], string> = { success: '✓', error: '!', loading: '…', info: 'i' };

export const renderToasts = (area: HTMLElement, toasts: readonly Toast[]) => {
  const ids = new Set(toasts.map((t) => String(t.id)));
  for (const el of [...area.children] as HTMLElement[])
    if (!ids.has(el.dataset.id ?? '')) el.remove();
  for (const t of toasts) {
    if (area.querySelector(`[data-id="${t.id}"]`)) continue;
    const el = document.createElement('div');
    el.className = `toast toast-${t.kind}`;
    el.dataset.id = String(t.id);
    el.setAttribute('role', t.kind === 'error' ? 'alert' : 'status');
    const icon = document.createElement('span');
    icon.className = 'toast-icon';
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = icons[t.kind];
    const message = document.createElement('span');
    message.textContent = t.message;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', area.dataset.dismissLabel ?? '');
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(t.id));
    el.append(icon, message, close);
    area.append(el);
  }
};
