/**
 * The let recorded (issue 44): the owner marks the home let, to a tenant
 * from one of its conversations or to someone outside. A listed home is
 * delisted in the same decision, so every reader of a delisting (search,
 * alerts, pages, favourites) takes it off the market unchanged; a home
 * already delisted or expired (let through another channel) may be marked
 * let too, but only once until it is relisted.
 */
import { IllegalStateError, ValidationError, type FieldError } from '../errors.ts';
import { dayNumber } from './calendarDays.ts';
import type { MarkListingLet } from './commands.ts';
import type { ListingEvent } from './events.ts';
import { RENT_BOUNDS } from './bounds.ts';
import { TENANCY_BOUNDS } from './tenancy.ts';
import type { Listing } from './state.ts';

export const letMessages = {
  alreadyLet: 'This home is already marked let. Relist it first if it is available again.',
  rent: `The agreed rent must be whole rupees from ${RENT_BOUNDS.min} to ${RENT_BOUNDS.max}`,
  deposit: `The deposit must be whole rupees from 0 to ${TENANCY_BOUNDS.depositRupees.max}`,
  moveIn: 'The move-in date must be a real day, not more than a year before or after today',
  ownTenant: 'You cannot let your own home to yourself',
} as const;

/**
 * Lets a month's 'let at' median needs before it is shown on a public
 * surface (the rent trends, the open rent data): one let's rent is someone's
 * own agreement.
 */
export const MIN_LET_SAMPLE = 5;

/** A move-in date more than this many days before or after the let is surely a typo. */
export const MOVE_IN_WINDOW_DAYS = 366;

const figureErrors = (command: MarkListingLet): FieldError[] => {
  const errors: FieldError[] = [];
  const { rent, deposit, moveIn, at } = command;
  if (!Number.isInteger(rent) || rent < RENT_BOUNDS.min || rent > RENT_BOUNDS.max)
    errors.push({ path: 'rent', msg: letMessages.rent });
  if (!Number.isInteger(deposit) || deposit < 0 || deposit > TENANCY_BOUNDS.depositRupees.max)
    errors.push({ path: 'deposit', msg: letMessages.deposit });
  const day = dayNumber(moveIn);
  if (
    moveIn.length !== 10 ||
    Number.isNaN(day) ||
    Math.abs(day - dayNumber(at)) > MOVE_IN_WINDOW_DAYS
  )
    errors.push({ path: 'moveIn', msg: letMessages.moveIn });
  return errors;
};

/** The events of a let on a live listing the actor may change (decide.ts checked both). */
export const markLet = (listing: Listing, command: MarkListingLet): ListingEvent[] => {
  if (listing.currentLet) throw new IllegalStateError(letMessages.alreadyLet);
  const errors = figureErrors(command);
  if (command.to?.tenantId === listing.ownerId)
    errors.push({ path: 'to', msg: letMessages.ownTenant });
  if (errors.length > 0) throw new ValidationError(errors);
  const { at, letId, rent, deposit, moveIn, to } = command;
  const { city, area } = listing.location;
  const base = { listingId: listing.id, at };
  // Listed, or listed when reports hid it: the let takes it off the market as a delisting does.
  const listed = listing.isAvailable || listing.hiddenForReview?.listedBefore === true;
  return [
    ...(listed ? [{ type: 'ListingDelisted' as const, data: { ...base, city } }] : []),
    {
      type: 'ListingLet',
      data: {
        ...base,
        city,
        area,
        propertyType: listing.propertyType,
        bedrooms: listing.propertyDetails.bedrooms,
        letId,
        ownerId: listing.ownerId,
        ...(to ? { tenantId: to.tenantId, conversationId: to.conversationId } : {}),
        rent,
        deposit,
        moveIn,
      },
    },
  ];
};
