import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser's storage and Save-Data setting, as the store reads them at start. */
const browser = (saveData: boolean | undefined, stored: Record<string, string> = {}) => {
  const items = new Map(Object.entries(stored));
  vi.stubGlobal('window', {});
  // One cookie is all the store writes: the stub keeps the last one set, as the browser would.
  vi.stubGlobal('document', {
    documentElement: { dataset: {} as Record<string, string> },
    cookie: '',
  });
  vi.stubGlobal('navigator', saveData === undefined ? {} : { connection: { saveData } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  });
  return items;
};

/** The store as a fresh page loads it. */
const freshStore = async () => {
  vi.resetModules();
  return import('./dataSaver.ts');
};

describe('the data saver', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('is off by default, and on the server', async () => {
    browser(undefined);
    expect((await freshStore()).$dataSaver.get()).toBe(false);
    vi.unstubAllGlobals();
    expect((await freshStore()).$dataSaver.get()).toBe(false);
  });

  it('follows the browser’s Save-Data until the person chooses', async () => {
    browser(true);
    expect((await freshStore()).$dataSaver.get()).toBe(true);
    browser(false);
    expect((await freshStore()).$dataSaver.get()).toBe(false);
  });

  it('keeps the person’s choice for the next page, over Save-Data', async () => {
    const items = browser(true);
    const store = await freshStore();
    store.setDataSaver(false);
    expect(store.$dataSaver.get()).toBe(false);
    expect(items.get('dataSaver')).toBe('off');
    // The server holds the public pages' photos by the cookie (api/src/web/heldPhotos.ts).
    expect(document.cookie).toMatch(/^dataSaver=off; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    browser(true, { dataSaver: 'off' });
    expect((await freshStore()).$dataSaver.get()).toBe(false);
    browser(false, { dataSaver: 'on' });
    expect((await freshStore()).$dataSaver.get()).toBe(true);
    // A choice kept before the cookie existed is told to the server at start.
    expect(document.cookie).toMatch(/^dataSaver=on;/);
  });

  it('holds photos behind the button while on, and lets them load once off', async () => {
    browser(undefined);
    const store = await freshStore();
    const hold = () => (document.documentElement.dataset as Record<string, string>).photoHold;
    const stop = store.holdPhotosWhileSaving('Show photo');
    expect(hold()).toBeUndefined();
    store.setDataSaver(true);
    expect(hold()).toBe('Show photo');
    store.setDataSaver(false);
    expect(hold()).toBeUndefined();
    stop();
    store.setDataSaver(true);
    expect(hold()).toBeUndefined();
  });
});
