/**
 * Routes with an id are one pre-rendered shell page each; the island on it
 * reads the id from the address. A real file always wins over a shell, so
 * pre-rendered pages under the same prefix (e.g. /browse/{city}) still serve.
 */
export type Shell = { pattern: RegExp; page: string };

/** A listing's id in a path. */
export const LISTING_ID = '[A-Za-z0-9_-]{1,64}';
const ID = LISTING_ID;

export const DEFAULT_SHELLS: Shell[] = [
  { pattern: new RegExp(`^/properties/${ID}/?$`), page: 'properties/view/index.html' },
  { pattern: new RegExp(`^/browse/${ID}/?$`), page: 'properties/view/index.html' },
  { pattern: new RegExp(`^/edit-property/${ID}/?$`), page: 'edit-property/index.html' },
];

export const shellFor = (pathname: string, shells: Shell[]): string | undefined =>
  shells.find((s) => s.pattern.test(pathname))?.page;
