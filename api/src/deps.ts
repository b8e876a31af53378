import type { Sql } from 'postgres';
import type { EventStore } from '@rentals/core/eventStore/eventStore';
import type { ConversationLimits } from './conversations/limits.ts';
import type { MediaStore } from './media/mediaStore.ts';
import type { SearchRate } from './properties/searchRate.ts';
import type { Logger } from '@rentals/core/logger';
import type { MonitoredMailer } from '@rentals/core/mail/smtpMailer';
import type { VapidKeys } from '@rentals/core/push/vapidKeys';

/** Everything the API needs from the outside, injected so tests build the app without a server. */
export type AppDeps = {
  sql: Sql;
  eventStore: EventStore;
  /**
   * `index`: the listings index name, 'listings' unless set (tests use one per
   * file). `replicas`: more Meilisearch servers fed by their own search
   * projections (MEILI_URL's list after the first); searches spread over all.
   */
  meili: { url: string; key: string; index?: string; replicas?: string[] };
  jwtSecret: string;
  /** Time and ids come from here, never from the domain. */
  clock: () => Date;
  newId: () => string;
  log: Logger;
  /** Where listing photos are stored (MEDIA_DIR); absent, a directory under the OS temp dir. */
  media?: MediaStore;
  /** How long a token lives (JWT_TTL); absent, 7 days. */
  tokenTtlSeconds?: number;
  /** The client's address (from the socket) for per-address limits; absent, all clients share one bucket. */
  clientIp?: (request: Request) => string | null;
  /** Searches (list, visitor list, map) a client may make a second (SEARCHES_PER_SECOND); absent, no limit. */
  searchRate?: SearchRate;
  /** Conversations and messages a user may start and send; absent, 20 a day and 20 a minute. */
  conversationLimits?: Partial<ConversationLimits>;
  /** Outgoing mail (SMTP_URL); absent, no email is sent and /api/health says mail is off. */
  mailer?: MonitoredMailer;
  /** The origin the links in emails point to (SITE_URL); absent, http://localhost:3000. */
  siteUrl?: string;
  /**
   * Web Push: the VAPID pair (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; absent, the
   * one kept in the database) and the endpoint origins accepted although http
   * or private (PUSH_ENDPOINT_ALLOWLIST; absent, none: https on a public host only).
   */
  push?: { vapidKeys?: VapidKeys; endpointAllowlist?: readonly string[] };
};
