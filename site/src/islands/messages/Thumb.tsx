import type { Conversation } from '../../lib/conversations.ts';

export const Thumb = ({ c }: { c: Conversation }) =>
  c.listing.photo ? (
    <img className="conversation-thumb" src={c.listing.photo} alt="" loading="lazy" />
  ) : (
    <span className="conversation-thumb" aria-hidden="true" />
  );
