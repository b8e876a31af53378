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

const operations: RouteRule[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/health/live', access: 'public' },
  { method: 'GET', path: '/api/health/ready', access: 'public' },
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  { method: 'GET', path: '/api/docs', access: 'public' },
  { method: 'GET', path: '/api/docs/assets/start.js', access: 'public' },
  { method: 'GET', path: '/api/docs/assets/swagger-ui.css', access: 'public' },
  { method: 'GET', path: '/api/docs/assets/swagger-ui-bundle.js', access: 'public' },
];

const auth: RouteRule[] = [
  { method: 'POST', path: '/api/auth/register', access: 'public' },
  { method: 'POST', path: '/api/auth/login', access: 'public' },
  { method: 'GET', path: '/api/auth/me', access: 'user' },
  { method: 'PUT', path: '/api/auth/profile', access: 'user' },
  { method: 'POST', path: '/api/auth/change-password', access: 'user' },
  { method: 'POST', path: '/api/auth/logout', access: 'user' },
  { method: 'POST', path: '/api/auth/logout-all', access: 'user' },
  { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  { method: 'POST', path: '/api/auth/reset-password', access: 'public' },
];

const propertyQueries: RouteRule[] = [
  { method: 'GET', path: '/api/properties', access: 'user' },
  { method: 'GET', path: '/api/properties/public', access: 'public' },
  { method: 'GET', path: '/api/properties/map', access: 'public' },
  { method: 'GET', path: '/api/properties/featured', access: 'user' },
  { method: 'GET', path: '/api/properties/public/featured', access: 'public' },
  { method: 'GET', path: '/api/properties/my-properties', access: 'owner-role' },
  { method: 'GET', path: '/api/properties/:id', access: 'public' },
];

const listingWrites: RouteRule[] = [
  { method: 'POST', path: '/api/properties', access: 'owner-role' },
  { method: 'PUT', path: '/api/properties/:id', access: 'owner-role' },
  { method: 'DELETE', path: '/api/properties/:id', access: 'owner-role' },
  { method: 'PATCH', path: '/api/properties/:id/toggle-availability', access: 'owner-role' },
  { method: 'PATCH', path: '/api/properties/:id/verify', access: 'admin' },
  { method: 'PATCH', path: '/api/properties/:id/confirm-available', access: 'owner-role' },
  // The reminder email's one-click link: the single-use token is the proof, no session.
  { method: 'GET', path: '/api/listing-confirmations/:token', access: 'public' },
];

/** The product's own geocoder (DESIGN §9): public, as the map and the location picker both use it. */
const geo: RouteRule[] = [
  { method: 'GET', path: '/api/geo/search', access: 'public' },
  { method: 'GET', path: '/api/geo/reverse', access: 'public' },
];

/** A signed-in user's own favourites (issue 14): no route names another user. */
const favourites: RouteRule[] = [
  { method: 'GET', path: '/api/favourites', access: 'user' },
  { method: 'GET', path: '/api/favourites/ids', access: 'user' },
  { method: 'PUT', path: '/api/favourites/:listingId', access: 'user' },
  { method: 'DELETE', path: '/api/favourites/:listingId', access: 'user' },
];

/** A signed-in user's own saved searches (issue 17): no route names another user. */
const savedSearches: RouteRule[] = [
  { method: 'GET', path: '/api/saved-searches', access: 'user' },
  { method: 'GET', path: '/api/saved-searches/alerts', access: 'user' },
  // The email's one-click link: no sign-in, a signed token instead.
  { method: 'GET', path: '/api/saved-searches/unsubscribe', access: 'public' },
  { method: 'POST', path: '/api/saved-searches/unsubscribe', access: 'public' },
  { method: 'POST', path: '/api/saved-searches', access: 'user' },
  { method: 'PUT', path: '/api/saved-searches/:id', access: 'user' },
  { method: 'POST', path: '/api/saved-searches/:id/pause', access: 'user' },
  { method: 'POST', path: '/api/saved-searches/:id/resume', access: 'user' },
  { method: 'POST', path: '/api/saved-searches/:id/seen', access: 'user' },
  { method: 'DELETE', path: '/api/saved-searches/:id', access: 'user' },
];

/** The dashboards' figures (issue 14), each about the caller only. */
const dashboard: RouteRule[] = [
  { method: 'GET', path: '/api/dashboard/tenant', access: 'user' },
  { method: 'POST', path: '/api/dashboard/recent-searches', access: 'user' },
  { method: 'GET', path: '/api/dashboard/owner/views', access: 'owner-role' },
];

/** Conversations: only their two participants see them (404 to anyone else), visitors get 401. */
const conversations: RouteRule[] = [
  { method: 'POST', path: '/api/conversations', access: 'user' },
  { method: 'GET', path: '/api/conversations', access: 'user' },
  { method: 'GET', path: '/api/conversations/unread', access: 'user' },
  { method: 'GET', path: '/api/conversations/enquiries', access: 'owner-role' },
  { method: 'GET', path: '/api/conversations/stream', access: 'user' },
  { method: 'GET', path: '/api/conversations/:id', access: 'user' },
  { method: 'GET', path: '/api/conversations/:id/messages', access: 'user' },
  { method: 'POST', path: '/api/conversations/:id/messages', access: 'user' },
  { method: 'POST', path: '/api/conversations/:id/read', access: 'user' },
  { method: 'POST', path: '/api/conversations/:id/archive', access: 'user' },
  { method: 'DELETE', path: '/api/conversations/:id/archive', access: 'user' },
  { method: 'POST', path: '/api/conversations/:id/block', access: 'user' },
  { method: 'DELETE', path: '/api/conversations/:id/block', access: 'user' },
];

/** Rent history (signed-in, as rents are) and median rents of a place (aggregates, public like the city pages). */
const rentTrends: RouteRule[] = [
  { method: 'GET', path: '/api/properties/:id/market', access: 'user' },
  { method: 'GET', path: '/api/rent-trends', access: 'public' },
];

/**
 * Reports (issue 17): anyone signed in reports and reads their own notices; the review is admins' only;
 * the 'Possibly rented' marks are public, as the cards that show them.
 */
const reports: RouteRule[] = [
  { method: 'POST', path: '/api/reports', access: 'user' },
  { method: 'GET', path: '/api/reports/possibly-rented', access: 'public' },
  { method: 'GET', path: '/api/reports/notices', access: 'user' },
  { method: 'GET', path: '/api/reports/queue', access: 'admin' },
  { method: 'GET', path: '/api/reports/listings/:listingId', access: 'admin' },
  { method: 'POST', path: '/api/reports/listings/:listingId/review', access: 'admin' },
];

/** The admin console (issue 38): counts, listings to verify, bulk verification; admins only. */
const admin: RouteRule[] = [
  { method: 'GET', path: '/api/admin/overview', access: 'admin' },
  { method: 'GET', path: '/api/admin/listings', access: 'admin' },
  { method: 'POST', path: '/api/admin/listings/verify', access: 'admin' },
];

/** The header's notification bell (issue 17): the caller's own notifications only. */
const notifications: RouteRule[] = [
  { method: 'GET', path: '/api/notifications', access: 'user' },
  { method: 'POST', path: '/api/notifications/read', access: 'user' },
];

export const ROUTE_TABLE: readonly RouteRule[] = [
  ...operations,
  ...auth,
  ...propertyQueries,
  ...listingWrites,
  ...geo,
  ...favourites,
  ...dashboard,
  ...conversations,
  ...rentTrends,
  ...reports,
  ...admin,
  ...savedSearches,
  ...notifications,
];
