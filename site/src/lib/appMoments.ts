/**
 * The moments the installed app cares about (scripts/app.ts). A favourite or a saved search is
 * the sign that someone means to come back: the right time to offer the app, never before.
 * The stores say so with a window event, `dispatchEvent(new Event(SAVED_EVENT))` (optional
 * outside a browser: the stores' unit tests have no window); a constant, so the bundler writes
 * it into each store and no page loads a module for it.
 */
export const SAVED_EVENT = 'rentals:saved';
