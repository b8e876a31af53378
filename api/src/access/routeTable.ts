import type { Role } from './roles.ts';

/**
 * Who may call each /api route: the spec's §6 table on the server.
 *
 * - `public`: anyone, token or not (a route may still shape its answer by role).
 * - `user`: any signed-in user (`{ requireUser: true }`).
 * - `owner-role`: homeowners and brokers, and admins (`{ requireRole: OWNER_ROLES }`).
 * - `admin`: admins only (`{ requireRole: ['admin'] }`).
 *
 * Every route the app serves under /api must have a row here: the
 * authorisation matrix test (infra/src/security/authorizationMatrix.int.test.ts) fails for a
 * route without one and checks each row against every kind of caller. A new
 * feature appends its rows; `:param` segments are filled with a made-up id.
 */
export type RouteAccess = 'public' | 'user' | 'owner-role' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteRule = { method: HttpMethod; path: string; access: RouteAccess };

/** The roles that list properties (spec §6), for `requireRole`. */
export const OWNER_ROLES = ['homeowner', 'broker'] as const satisfies readonly Role[];

/** The roles each access level admits; `null` means visitors too. */
export const ROLES_FOR: Record<RouteAccess, readonly Role[] | null> = {
  public: null,
  user: ['tenant', 'homeowner', 'broker', 'admin'],
  'owner-role': [...OWNER_ROLES, 'admin'],
  admin: ['admin'],
};

/** One row a route, keyed like core/src/contract/routes.ts ('METHOD /api/path'). */
const ACCESS_BY_ROUTE: Record<`${HttpMethod} /api/${string}`, RouteAccess> = {
  // Operations: health, the OpenAPI document and its viewer.
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/assets/start.js': 'public',
  'GET /api/docs/assets/swagger-ui.css': 'public',
  'GET /api/docs/assets/swagger-ui-bundle.js': 'public',

  // Accounts and sessions.
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/me': 'user',
  'PUT /api/auth/profile': 'user',
  'POST /api/auth/change-password': 'user',
  'POST /api/auth/logout': 'user',
  'POST /api/auth/logout-all': 'user',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'user',

  // Property queries: the search, the map, the featured rows, an owner's list, a detail.
  'GET /api/properties': 'user',
  'GET /api/properties/public': 'public',
  'GET /api/properties/map': 'public',
  'GET /api/properties/featured': 'user',
  'GET /api/properties/public/featured': 'public',
  'GET /api/properties/my-properties': 'owner-role',
  'GET /api/properties/:id': 'public',

  // Listing writes.
  'POST /api/properties': 'owner-role',
  'PUT /api/properties/:id': 'owner-role',
  'DELETE /api/properties/:id': 'owner-role',
  'PATCH /api/properties/:id/toggle-availability': 'owner-role',
  'PATCH /api/properties/:id/verify': 'admin',
  'PATCH /api/properties/:id/confirm-available': 'owner-role',
  // The reminder email's one-click link: the single-use token is the proof, no session.
  'GET /api/listing-confirmations/:token': 'public',

  // The product's own geocoder (DESIGN §9): public, as the map and the location picker both use it.
  'GET /api/geo/search': 'public',
  'GET /api/geo/reverse': 'public',

  // Visits (issue 44): hours per listing (set by its owner), visits seen and changed by their two sides.
  'GET /api/visit-times/:listingId': 'user',
  'PUT /api/visit-times/:listingId': 'owner-role',
  'GET /api/visits': 'user',
  'POST /api/visits': 'user',
  'GET /api/visits/:id': 'user',
  'GET /api/visits/:id/invite.ics': 'user',
  'POST /api/visits/:id/reschedule': 'user',
  'POST /api/visits/:id/cancel': 'user',
  'POST /api/visits/:id/no-show': 'user',
  // Lets (issue 44): marked by the listing's owner (or an admin), read by its two sides.
  'POST /api/properties/:id/let': 'owner-role',
  'GET /api/lets/mine': 'user',
  // Rental agreements (issue 44): the let's owner and tenant only (404 to anyone else); the owner sets terms.
  'GET /api/agreements': 'user',
  'GET /api/agreements/:letId': 'user',
  'PUT /api/agreements/:letId/terms': 'user',
  'POST /api/agreements/:letId/confirm': 'user',
  'GET /api/agreements/:letId/agreement.pdf': 'user',
  // A signed-in user's own favourites (issue 14): no route names another user.
  'GET /api/favourites': 'user',
  'GET /api/favourites/ids': 'user',
  'PUT /api/favourites/:listingId': 'user',
  'DELETE /api/favourites/:listingId': 'user',

  // The dashboards' figures (issue 14), each about the caller only.
  'GET /api/dashboard/tenant': 'user',
  'POST /api/dashboard/recent-searches': 'user',
  'GET /api/dashboard/owner/views': 'owner-role',

  // Conversations: only their two participants see them (404 to anyone else), visitors get 401.
  'POST /api/conversations': 'user',
  'GET /api/conversations': 'user',
  'GET /api/conversations/unread': 'user',
  'GET /api/conversations/enquiries': 'owner-role',
  'GET /api/conversations/stream': 'user',
  'GET /api/conversations/:id': 'user',
  'GET /api/conversations/:id/messages': 'user',
  'POST /api/conversations/:id/messages': 'user',
  'POST /api/conversations/:id/read': 'user',
  'POST /api/conversations/:id/archive': 'user',
  'DELETE /api/conversations/:id/archive': 'user',
  'POST /api/conversations/:id/block': 'user',
  'DELETE /api/conversations/:id/block': 'user',

  // Rent history (signed-in, as rents are) and median rents of a place (aggregates, public like
  // the city pages).
  'GET /api/properties/:id/market': 'user',
  'GET /api/rent-trends': 'public',

  // Reports (issue 17): anyone signed in reports and reads their own notices; the review is admins' only;
  // the 'Possibly rented' marks are public, as the cards that show them.
  'POST /api/reports': 'user',
  'GET /api/reports/possibly-rented': 'public',
  'GET /api/reports/notices': 'user',
  'GET /api/reports/queue': 'admin',
  'GET /api/reports/listings/:listingId': 'admin',
  'POST /api/reports/listings/:listingId/review': 'admin',

  // The admin console (issue 38): counts, listings to verify, bulk verification; admins only.
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/listings': 'admin',
  'POST /api/admin/listings/verify': 'admin',
  // Trust (issue 41): listings much below similar homes; admins only.
  'GET /api/admin/too-cheap': 'admin',
  // Recycled photos and duplicate listings (issue 41): the pairs found, and 'Not a duplicate'; admins only.
  'GET /api/admin/duplicates': 'admin',
  'POST /api/admin/duplicates/dismiss': 'admin',

  // Owner or broker (issue 41): a lister's trust card for anyone signed in; the broker signals and the
  // decisions on them for admins only; the role question for the caller's own account.
  'GET /api/listers/:id': 'user',
  'GET /api/admin/brokers': 'admin',
  'POST /api/admin/brokers/:accountId/decision': 'admin',
  'GET /api/lister-role/question': 'owner-role',
  'POST /api/lister-role/answer': 'owner-role',

  // A signed-in user's own saved searches (issue 17): no route names another user.
  'GET /api/saved-searches': 'user',
  'GET /api/saved-searches/alerts': 'user',
  // The email's one-click link: no sign-in, a signed token instead.
  'GET /api/saved-searches/unsubscribe': 'public',
  'POST /api/saved-searches/unsubscribe': 'public',
  'POST /api/saved-searches': 'user',
  'PUT /api/saved-searches/:id': 'user',
  'POST /api/saved-searches/:id/pause': 'user',
  'POST /api/saved-searches/:id/resume': 'user',
  'POST /api/saved-searches/:id/seen': 'user',
  'DELETE /api/saved-searches/:id': 'user',

  // The header's notification bell (issue 17): the caller's own notifications only.
  'GET /api/notifications': 'user',
  'POST /api/notifications/read': 'user',

  // Web Push (issue 43): the caller's own browser subscriptions and the key to make them.
  'GET /api/push/key': 'user',
  'POST /api/push/subscriptions': 'user',
  'DELETE /api/push/subscriptions': 'user',
};

export const ROUTE_TABLE: readonly RouteRule[] = Object.entries(ACCESS_BY_ROUTE).map(
  ([route, access]) => {
    const [method, path] = route.split(' ') as [HttpMethod, string];
    return { method, path, access };
  },
);
