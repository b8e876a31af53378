import type { VisitWindow } from './windows.ts';

/**
 * Visit commands. Time and ids come in with them; `userId` is the
 * authenticated caller; what the handler reads from other streams (the
 * listing's owner, the caller's conversation) comes in as facts.
 */
export type SetVisitWindows = {
  type: 'SetVisitWindows';
  listingId: string;
  userId: string;
  /** The listing's owner, as the listing's stream says now. */
  ownerId: string;
  windows: VisitWindow[];
  at: string;
};

/** The conversation the booking comes from, as its stream says now. */
export type ConversationFacts = {
  id: string;
  listingId: string;
  tenantId: string;
  ownerId: string;
};

export type BookVisit = {
  type: 'BookVisit';
  listingId: string;
  visitId: string;
  userId: string;
  conversation: ConversationFacts;
  start: string;
  at: string;
};

export type RescheduleVisit = {
  type: 'RescheduleVisit';
  visitId: string;
  userId: string;
  start: string;
  reason: string;
  at: string;
};

export type CancelVisit = {
  type: 'CancelVisit';
  visitId: string;
  userId: string;
  reason: string;
  at: string;
};

export type MarkNoShow = { type: 'MarkNoShow'; visitId: string; userId: string; at: string };

export type VisitCommand = SetVisitWindows | BookVisit | RescheduleVisit | CancelVisit | MarkNoShow;
