import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPage } from './afterPage.ts';

/** A page at `readyState`, whose load event and idle time the test brings. */
const pageAt = (readyState: DocumentReadyState, idle = true) => {
  const onLoad: (() => void)[] = [];
  const idleCalls: { run: () => void; timeout?: number }[] = [];
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    if (type === 'load') onLoad.push(listener);
  });
  vi.stubGlobal('window', globalThis);
  if (idle)
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) =>
      idleCalls.push({ run, timeout: options?.timeout }),
    );
  return {
    load: () => onLoad.splice(0).forEach((listener) => listener()),
    idle: () => idleCalls.splice(0).forEach((call) => call.run()),
    idleCalls,
  };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterPage: what the first view does not need waits for the load event and idle time', () => {
  it('a page still loading: nothing until the load event, then only when idle (1.5 s at most)', () => {
    const page = pageAt('interactive');
    const work = vi.fn();
    afterPage(work);
    page.idle();
    expect(work).not.toHaveBeenCalled();
    page.load();
    expect(work).not.toHaveBeenCalled();
    expect(page.idleCalls[0]?.timeout).toBe(1500);
    page.idle();
    expect(work).toHaveBeenCalledOnce();
  });

  it('a page already loaded: at the next idle time', () => {
    const page = pageAt('complete');
    const work = vi.fn();
    afterPage(work, 300);
    expect(work).not.toHaveBeenCalled();
    expect(page.idleCalls[0]?.timeout).toBe(300);
    page.idle();
    expect(work).toHaveBeenCalledOnce();
  });

  it('a browser without idle callbacks (Safari): shortly after the load event', () => {
    vi.useFakeTimers();
    const page = pageAt('loading', false);
    const work = vi.fn();
    afterPage(work);
    page.load();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(work).toHaveBeenCalledOnce();
  });
});
