/**
 * Every link an email carries, built here and nowhere else: a destination
 * names a page of the site (or one of the API's one-click pages) and this
 * turns it into an address under SITE_URL. Each path is one the web process
 * serves (site/src/pages, the id shells of api/src/web/shells.ts, the API's
 * one-click routes); site/e2e/emailLinks.e2e.test.ts follows every link of
 * every template against the running product.
 */
export type EmailDestination =
  /** A listing's page (the signed-in detail page; a visitor is asked to sign in first). */
  | { to: 'listing'; listingId: string }
  /** The owner's form to correct a listing. */
  | { to: 'edit-listing'; listingId: string }
  | { to: 'my-properties' }
  /** One conversation on the Messages page. */
  | { to: 'conversation'; conversationId: string }
  | { to: 'saved-searches' }
  /** One saved search's one-click unsubscribe (api/src/savedSearches: GET answers a page). */
  | { to: 'unsubscribe'; userId: string; searchId: string; token: string }
  /** A listing's one-click 'still available' (api/src/listings/confirmLink.ts). */
  | { to: 'confirm-available'; token: string }
  | { to: 'reset-password'; token: string }
  /** The address verification link (api/src/auth/emailVerification.ts); the page verifies it. */
  | { to: 'verify-email'; token: string };

const id = encodeURIComponent;

/** The path of `d` on the site (the bell's in-app links use it too). */
export const sitePath = (d: EmailDestination): string => {
  switch (d.to) {
    case 'listing':
      return `/properties/${id(d.listingId)}`;
    case 'edit-listing':
      return `/edit-property/${id(d.listingId)}`;
    case 'my-properties':
      return '/my-properties';
    case 'conversation':
      return `/messages?c=${id(d.conversationId)}`;
    case 'saved-searches':
      return '/saved-searches';
    case 'unsubscribe':
      return `/api/saved-searches/unsubscribe?u=${id(d.userId)}&s=${id(d.searchId)}&t=${id(d.token)}`;
    case 'confirm-available':
      return `/api/listing-confirmations/${id(d.token)}`;
    case 'reset-password':
      return `/reset-password?token=${id(d.token)}`;
    case 'verify-email':
      return `/verify-email?token=${id(d.token)}`;
  }
};

/**
 * The address of `destination` on the site at `siteUrl` (SITE_URL: an
 * origin, perhaps with a path prefix; a trailing slash is dropped). An empty
 * `siteUrl` gives the path alone (what the API's tests request).
 */
export const emailLink = (siteUrl: string, destination: EmailDestination): string =>
  `${siteUrl.replace(/\/+$/, '')}${sitePath(destination)}`;

/**
 * Where a notice about an owner's listing leads, in its email and in the
 * bell alike: a fix is made in the listing's form; anything else (a delisting,
 * a suspension, an expiry reminder) is dealt with in My Properties.
 */
export const ownerNoticeDestination = (kind: string, listingId: string): EmailDestination =>
  kind === 'fix-requested' ? { to: 'edit-listing', listingId } : { to: 'my-properties' };
