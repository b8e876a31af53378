/**
 * The JSON API's routes and what each answers on success: one table, keyed by method and path
 * under /api (`:name` for a path parameter), of the very schemas the route files declare as
 * their `response`. The site types its calls from it (site/src/lib/api.ts, `apiRoute`), so a
 * changed response schema fails the site's type check where the answer is read.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { AdminListingsResponse, OverviewResponse, VerifyManyResponse } from './adminListing.ts';
import {
  ConversationResponse,
  EnquiriesResponse,
  InboxResponse,
  SentResponse,
  ThreadResponse,
  UnreadResponse,
} from './conversation.ts';
import {
  OwnerViewsResponse,
  RecentSearchesResponse,
  TenantDashboardResponse,
} from './dashboard.ts';
import { DismissDuplicateResponse, DuplicateQueueResponse } from './duplicates.ts';
import { FavouriteIdsResponse, FavouritesResponse, ToggleResponse } from './favourite.ts';
import { VisitResponse, VisitsResponse, VisitTimesResponse } from './visit.ts';
import { LetResponse, LetsResponse } from './let.ts';
import { AgreementLetsResponse, AgreementResponse } from './agreement.ts';
import { GeoPlaceSchema, GeoSearchResponse } from './geo.ts';
import {
  BrokerDecisionResponse,
  BrokerQueueResponse,
  ListerCardResponse,
  RoleAnswerResponse,
  RoleQuestionResponse,
} from './lister.ts';
import { NotificationsResponse } from './notification.ts';
import { NoticesResponse } from './ownerNotice.ts';
import {
  FeaturedResponse,
  MapResponse,
  MyPropertiesResponse,
  PropertyDetailResponse,
  PropertyResponse,
  PropertySearchResponse,
  PublicFeaturedResponse,
  PublicPropertySearchResponse,
} from './property.ts';
import { ListingMarketResponse, RentTrendsResponse } from './rentTrends.ts';
import { TooCheapResponse } from './tooCheap.ts';
import {
  HistoryResponse,
  PossiblyRentedResponse,
  QueueResponse,
  ReportResponse,
  ReviewResponse,
} from './report.ts';
import {
  DeletedResponse,
  SavedSearchAlertsResponse,
  SavedSearchesResponse,
  SavedSearchResponse,
} from './savedSearch.ts';
import { SubscriptionResponse, VapidKeyResponse } from './push.ts';
import { AuthResponse, MessageResponse, PasswordChangedResponse, UserResponse } from './user.ts';

export const apiRoutes = {
  'GET /admin/overview': OverviewResponse,
  'GET /admin/listings': AdminListingsResponse,
  'POST /admin/listings/verify': VerifyManyResponse,
  'GET /admin/too-cheap': TooCheapResponse,
  'GET /admin/duplicates': DuplicateQueueResponse,
  'POST /admin/duplicates/dismiss': DismissDuplicateResponse,
  'GET /admin/brokers': BrokerQueueResponse,
  'POST /admin/brokers/:accountId/decision': BrokerDecisionResponse,

  'GET /listers/:id': ListerCardResponse,
  'GET /lister-role/question': RoleQuestionResponse,
  'POST /lister-role/answer': RoleAnswerResponse,

  'POST /auth/register': AuthResponse,
  'POST /auth/login': AuthResponse,
  'GET /auth/me': UserResponse,
  'PUT /auth/profile': UserResponse,
  'POST /auth/change-password': PasswordChangedResponse,
  'POST /auth/forgot-password': MessageResponse,
  'POST /auth/reset-password': MessageResponse,
  'POST /auth/verify-email': MessageResponse,
  'POST /auth/verify-email/resend': MessageResponse,
  'POST /auth/logout-all': MessageResponse,
  'POST /auth/logout': MessageResponse,

  'GET /conversations': InboxResponse,
  'GET /conversations/unread': UnreadResponse,
  'GET /conversations/enquiries': EnquiriesResponse,
  'GET /conversations/:id': ConversationResponse,
  'GET /conversations/:id/messages': ThreadResponse,
  'POST /conversations': SentResponse,
  'POST /conversations/:id/messages': SentResponse,
  'POST /conversations/:id/read': ConversationResponse,
  'POST /conversations/:id/archive': ConversationResponse,
  'DELETE /conversations/:id/archive': ConversationResponse,
  'POST /conversations/:id/block': ConversationResponse,
  'DELETE /conversations/:id/block': ConversationResponse,

  'GET /dashboard/tenant': TenantDashboardResponse,
  'POST /dashboard/recent-searches': RecentSearchesResponse,
  'GET /dashboard/owner/views': OwnerViewsResponse,

  'GET /favourites': FavouritesResponse,
  'GET /favourites/ids': FavouriteIdsResponse,
  'PUT /favourites/:listingId': ToggleResponse,
  'DELETE /favourites/:listingId': ToggleResponse,

  'GET /geo/search': GeoSearchResponse,
  'GET /geo/reverse': GeoPlaceSchema,

  'GET /notifications': NotificationsResponse,
  'POST /notifications/read': NotificationsResponse,
  'GET /push/key': VapidKeyResponse,
  'POST /push/subscriptions': SubscriptionResponse,
  'DELETE /push/subscriptions': SubscriptionResponse,

  'GET /properties': PropertySearchResponse,
  'GET /properties/public': PublicPropertySearchResponse,
  'GET /properties/featured': FeaturedResponse,
  'GET /properties/public/featured': PublicFeaturedResponse,
  'GET /properties/my-properties': MyPropertiesResponse,
  'GET /properties/map': MapResponse,
  'GET /properties/:id': PropertyDetailResponse,
  'GET /properties/:id/market': ListingMarketResponse,
  'POST /properties': PropertyResponse,
  'PUT /properties/:id': PropertyResponse,
  'DELETE /properties/:id': MessageResponse,
  'PATCH /properties/:id/toggle-availability': PropertyResponse,
  'PATCH /properties/:id/confirm-available': PropertyResponse,
  'PATCH /properties/:id/verify': PropertyResponse,

  'GET /rent-trends': RentTrendsResponse,

  'POST /reports': ReportResponse,
  'GET /reports/possibly-rented': PossiblyRentedResponse,
  'GET /reports/notices': NoticesResponse,
  'GET /reports/queue': QueueResponse,
  'GET /reports/listings/:listingId': HistoryResponse,
  'POST /reports/listings/:listingId/review': ReviewResponse,

  'GET /saved-searches': SavedSearchesResponse,
  'GET /saved-searches/alerts': SavedSearchAlertsResponse,
  'POST /saved-searches': SavedSearchResponse,
  'PUT /saved-searches/:id': SavedSearchResponse,
  'POST /saved-searches/:id/pause': SavedSearchResponse,
  'POST /saved-searches/:id/resume': SavedSearchResponse,
  'POST /saved-searches/:id/seen': SavedSearchResponse,
  'DELETE /saved-searches/:id': DeletedResponse,

  'GET /visit-times/:listingId': VisitTimesResponse,
  'PUT /visit-times/:listingId': VisitTimesResponse,
  'GET /visits': VisitsResponse,
  'POST /visits': VisitResponse,
  'GET /visits/:id': VisitResponse,
  'POST /visits/:id/reschedule': VisitResponse,
  'POST /visits/:id/cancel': VisitResponse,
  'POST /visits/:id/no-show': VisitResponse,
  'POST /properties/:id/let': LetResponse,
  'GET /lets/mine': LetsResponse,

  'GET /agreements': AgreementLetsResponse,
  'GET /agreements/:letId': AgreementResponse,
  'PUT /agreements/:letId/terms': AgreementResponse,
  'POST /agreements/:letId/confirm': AgreementResponse,
} as const satisfies Record<string, TSchema>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRoute = keyof ApiRoutes;
/** What a route answers on success. */
export type ApiResponse<R extends ApiRoute> = Static<ApiRoutes[R]>;
