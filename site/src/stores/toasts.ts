/**
 * Toasts: top-right, 4 s, paused while hovered, at most 20, loading toasts
 * stay until dismissed. A toast raised just before a page navigation is
 * carried over through sessionStorage so it shows on the next page.
 */
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'loading' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

export const TOAST_DURATION_MS = 4000;
export const MAX_TOASTS = 20;
const CARRY_KEY = 'pendingToasts';

export const $toasts = atom<Toast[]>([]);

type Timer = {
  handle: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  started: number;
};
const timers = new Map<number, Timer>();
let nextId = 1;

const arm = (id: number, ms: number) => {
  timers.set(id, {
    handle: setTimeout(() => dismissToast(id), ms),
    remaining: ms,
    started: Date.now(),
  });
};

export const showToast = (kind: ToastKind, message: string): number => {
  const id = nextId++;
  const list = [...$toasts.get(), { id, kind, message }];
  // Over the cap the oldest go first.
  while (list.length > MAX_TOASTS) {
    const dropped = list.shift();
    if (dropped) clearTimer(dropped.id);
  }
  $toasts.set(list);
  if (kind !== 'loading') arm(id, TOAST_DURATION_MS);
  return id;
};

const clearTimer = (id: number) => {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
};

export const dismissToast = (id: number): void => {
  clearTimer(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
};

export const pauseToasts = (): void => {
  for (const timer of timers.values()) {
    if (!timer.handle) continue;
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.started));
  }
};

export const resumeToasts = (): void => {
  for (const [id, timer] of [...timers]) if (!timer.handle) arm(id, Math.max(timer.remaining, 500));
};

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  loading: (message: string) => showToast('loading', message),
  info: (message: string) => showToast('info', message),
};

/** Keeps a toast for the page we are about to navigate to. */
export const carryToast = (kind: ToastKind, message: string): void => {
  try {
    const pending = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as Toast[];
    pending.push({ id: 0, kind, message });
    sessionStorage.setItem(CARRY_KEY, JSON.stringify(pending));
  } catch {
    // no storage: the toast is lost with the page
  }
};

export const showCarriedToasts = (): void => {
  try {
    const pending = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as Toast[];
    sessionStorage.removeItem(CARRY_KEY);
    for (const t of pending) showToast(t.kind, t.message);
  } catch {
    // ignore malformed leftovers
  }
};
