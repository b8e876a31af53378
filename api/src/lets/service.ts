import type { AuthUser } from '../access/roles.ts';
import { createWriteLimit } from '../access/attemptLimit.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError, ValidationError } from '@rentals/core/errors';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import { assertCanChange, decide } from '@rentals/core/listings/decide';
import { listingStreamId } from '@rentals/core/listings/events';
import { conversationCommandHandler } from '../conversations/commandHandler.ts';
import { waitForStream } from '@rentals/projections/queries/readYourWrites';
import { LETS_READ_MODEL, letSeenBy, letsOf } from '@rentals/projections/queries/letQueries';

export type LetServiceDeps = Pick<AppDeps, 'sql' | 'eventStore' | 'clock' | 'newId'>;

export const letApiMessages = {
  notThisListing: 'That conversation is not about this home',
  recipient: 'Choose the tenant from a conversation about this home, or someone not on this site',
} as const;

export type MarkLetInput = {
  to: { conversationId: string } | { outside: true };
  rent: number;
  deposit: number;
  moveIn: string;
};

/** The let recorded (issue 44): marking a home let, and the lets one is a side of. */
export const letService = (deps: LetServiceDeps) => {
  const listings = listingCommandHandler(deps.eventStore);
  const conversations = conversationCommandHandler(deps.eventStore);
  const limitWrite = createWriteLimit(deps.sql, WRITE_LIMITS.let);

  /** The tenant of a conversation about this listing; any other conversation is refused alike. */
  const tenantFrom = async (to: MarkLetInput['to'], listingId: string) => {
    if (!('conversationId' in to)) return null;
    const { state } = await conversations.load(to.conversationId);
    if (state.status !== 'open' || state.conversation.listingId !== listingId)
      throw new ValidationError([{ path: 'to', msg: letApiMessages.notThisListing }]);
    return { tenantId: state.conversation.tenantId, conversationId: state.conversation.id };
  };

  return {
    async markLet(user: AuthUser, address: string, listingId: string, body: MarkLetInput) {
      const now = deps.clock();
      await limitWrite(user.id, address, now);
      const letId = deps.newId();
      const actor = { id: user.id, role: user.role };
      // Whose listing first: a stranger learns nothing about conversations (404/403 as any change).
      const { ownerId } = assertCanChange((await listings.load(listingId)).state, actor);
      const to = await tenantFrom(body.to, listingId);
      await listings.handle(
        listingId,
        (current) =>
          decide(
            { type: 'MarkListingLet', actor, letId, to, ...figures(body), at: now.toISOString() },
            current,
          ),
        { userId: user.id },
      );
      // The let's row (its own model) and the listing's 'Let' (the listing read model), which
      // `current` compares: waiting for the first only answered `current: false` while the second lagged.
      await Promise.all([
        waitForStream(deps.sql, listingStreamId(listingId), undefined, LETS_READ_MODEL),
        waitForStream(deps.sql, listingStreamId(listingId)),
      ]);
      const seen = await letSeenBy(deps.sql, letId, user.id);
      // An admin who recorded someone's let is neither side: answer as the owner would see it.
      const result = seen ?? (await letSeenBy(deps.sql, letId, ownerId));
      if (!result) throw new NotFoundError('Let not found');
      return { let: result };
    },

    mine: async (user: AuthUser) => ({ lets: await letsOf(deps.sql, user.id) }),
  };
};

const figures = ({ rent, deposit, moveIn }: MarkLetInput) => ({ rent, deposit, moveIn });
