/**
 * Whether photos wait for a tap (the site's data saver, site/src/stores/dataSaver.ts), and the
 * words of the button that shows one. The site sets it; the shared components only read it
 * (ResponsiveImage's usePhotoHold), so core knows nothing of where the setting lives. Off (null) on
 * the server and until the site says. No React here: the site's frame script sets it on every page.
 */
let hold: string | null = null;
const listeners = new Set<() => void>();

/** The button's words while photos wait for a tap; null when they load as usual. */
export const setPhotoHold = (label: string | null): void => {
  if (label === hold) return;
  hold = label;
  for (const listener of listeners) listener();
};

export const photoHold = (): string | null => hold;

export const subscribePhotoHold = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
