import { describe, expect, it } from 'vitest';
import { HIDDEN_EMAIL, HIDDEN_PHONE } from '@rentals/core/conversations/contactMask';
import { messageExcerpt } from './excerpt.ts';

const owner = 'owner-1';
const tenant = 'tenant-1';
const beforeReply = { ownerId: owner, ownerReplied: false };
const afterReply = { ownerId: owner, ownerReplied: true };

describe('the excerpt a message email quotes', () => {
  it("hides a tenant's phone and email from the owner until the owner has replied", () => {
    const message = { senderId: tenant, body: 'Call me on +91 98765 43210 or ravi@example.in' };
    expect(messageExcerpt(message, beforeReply, owner)).toBe(
      `Call me on ${HIDDEN_PHONE} or ${HIDDEN_EMAIL}`,
    );
    expect(messageExcerpt(message, afterReply, owner)).toBe(message.body);
  });

  it('hides the end of a number whose start was in an earlier message', () => {
    const message = { senderId: tenant, body: '43210 is the rest' };
    expect(messageExcerpt(message, beforeReply, owner, ['Hi', 'My number: 98765'])).toBe(
      `${HIDDEN_PHONE} is the rest`,
    );
  });

  it("shows the owner's own contacts to the tenant", () => {
    const message = { senderId: owner, body: 'Reach me at 98765 43210' };
    expect(messageExcerpt(message, afterReply, tenant)).toBe(message.body);
  });

  it('masks before shortening, so a cut never leaves part of a number visible', () => {
    const body = `${'a'.repeat(150)} 98765 43210`;
    const excerpt = messageExcerpt({ senderId: tenant, body }, beforeReply, owner);
    expect(excerpt).not.toMatch(/\d/);
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it('puts the message on one line and cuts long ones at a word', () => {
    const body = `Hello,\n\nis the flat   still free? ${'word '.repeat(60)}`;
    const excerpt = messageExcerpt({ senderId: owner, body }, afterReply, tenant, [], 40);
    expect(excerpt).toBe('Hello, is the flat still free? word…');
    expect(excerpt.length).toBeLessThanOrEqual(40);
  });
});
