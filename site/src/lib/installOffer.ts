/**
 * When to offer "Install the app" (scripts/app.ts): only when the browser can install it (it
 * sent `beforeinstallprompt`), not inside the installed app, and not again for a month after
 * the user said "Not now" or closed the browser's own dialog.
 */
export const INSTALL_DISMISSED_KEY = 'rentals.installDismissedAt';
export const ASK_AGAIN_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export type InstallOfferState = {
  /** The browser's install prompt is kept and unused. */
  canPrompt: boolean;
  /** The page runs as the installed app (display-mode: standalone). */
  installed: boolean;
  /** When the user last declined, ms since the epoch; undefined if never. */
  dismissedAt: number | undefined;
  now: number;
};

export const shouldOfferInstall = ({
  canPrompt,
  installed,
  dismissedAt,
  now,
}: InstallOfferState): boolean =>
  canPrompt && !installed && (dismissedAt === undefined || now - dismissedAt >= ASK_AGAIN_AFTER_MS);

/** What localStorage holds for the key: a time, or nothing usable (absent, edited, garbage). */
export const parseDismissedAt = (stored: string | null): number | undefined => {
  if (stored === null || !/^\d+$/.test(stored)) return undefined;
  const time = Number(stored);
  return Number.isSafeInteger(time) ? time : undefined;
};
