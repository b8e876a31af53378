/**
 * The data saver (docs/IMAGES.md): while on, listing photos wait for a tap and the map for a
 * "Show map". The person's own choice, kept in this browser, wins; until they choose, the
 * browser's Save-Data setting (navigator.connection.saveData, sent as `Save-Data: on`) decides.
 */
import { atom } from 'nanostores';

const KEY = 'dataSaver';

type Connection = { saveData?: boolean };

const stored = (): string | null => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window, a sandbox): the browser's hint alone decides.
    return null;
  }
};

/**
 * The choice as a cookie too (a year): the pre-rendered public pages' photos are in their HTML, so
 * the web process holds them for the next page asked for (api/src/web/heldPhotos.ts).
 */
const tellServer = (choice: 'on' | 'off') => {
  document.cookie = `dataSaver=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
};

/** On when chosen here; when not chosen, on where the browser asks to save data. */
export const dataSaverAtStart = (): boolean => {
  if (typeof window === 'undefined') return false;
  const choice = stored();
  if (choice === 'on' || choice === 'off') {
    // A choice made before the cookie existed reaches the server from now on.
    if (!document.cookie.includes(`dataSaver=${choice}`)) tellServer(choice);
    return choice === 'on';
  }
  return (navigator as Navigator & { connection?: Connection }).connection?.saveData === true;
};

export const $dataSaver = atom<boolean>(dataSaverAtStart());

/** The person's choice: kept for this browser and followed at once. */
export const setDataSaver = (on: boolean): void => {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not kept, but followed on this page.
  }
  tellServer(on ? 'on' : 'off');
  $dataSaver.set(on);
};

/**
 * While the saver is on, core's photos (ResponsiveImage) show the button with these words instead
 * of loading: kept on the root element as `data-photo-hold`, where they read it.
 */
export const holdPhotosWhileSaving = (showPhoto: string): (() => void) =>
  $dataSaver.subscribe((on) => {
    const root = document.documentElement.dataset;
    if (on) root.photoHold = showPhoto;
    else delete root.photoHold;
  });
