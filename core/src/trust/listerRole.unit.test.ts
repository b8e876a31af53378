import { describe, expect, it } from 'vitest';
import { ForbiddenError, IllegalStateError } from '../errors.ts';
import type { AccountEvent } from '../accounts/events.ts';
import { decideListerRole, roleQuestionOpen, type ListerRoleCommand } from './listerRole.ts';

const at = '2026-12-02T10:00:00.000Z';
const answer = (role: string, a: 'owner' | 'broker'): ListerRoleCommand => ({
  type: 'AnswerRole',
  accountId: 'u-1',
  role,
  answer: a,
  at,
});
const asked: AccountEvent = {
  type: 'ListerRoleConfirmationAsked',
  data: { accountId: 'u-1', adminId: 'u-admin', at },
};
const confirmed: AccountEvent = { type: 'ListerConfirmedOwner', data: { accountId: 'u-1', at } };
const marked: AccountEvent = {
  type: 'ListerMarkedAsOwner',
  data: { accountId: 'u-1', adminId: 'u-admin', at },
};

describe("the answer to 'Are you the owner or a broker?'", () => {
  it("given a homeowner, when they answer 'broker', then the account becomes a broker's", () => {
    expect(decideListerRole(answer('homeowner', 'broker'))).toEqual([
      { type: 'AccountBecameBroker', data: { accountId: 'u-1', at } },
    ]);
  });
  it("given a homeowner, when they answer 'owner', then the confirmation is recorded", () => {
    expect(decideListerRole(answer('homeowner', 'owner'))).toEqual([confirmed]);
  });
  it("given a broker, when they answer 'owner', then it is refused: only an admin makes them an owner again", () => {
    expect(() => decideListerRole(answer('broker', 'owner'))).toThrow(ForbiddenError);
  });
  it('given a tenant, when they answer, then there was nothing to answer', () => {
    expect(() => decideListerRole(answer('tenant', 'broker'))).toThrow(IllegalStateError);
  });
});

describe("an admin's decision on an account's signals", () => {
  const decide = (decision: 'looksLikeOwner' | 'askToConfirm', role = 'homeowner') =>
    decideListerRole({
      type: 'DecideOnSignals',
      accountId: 'u-1',
      role,
      adminId: 'u-admin',
      decision,
      at,
    });
  it('given a homeowner, when the admin asks, then the owner is asked to confirm', () => {
    expect(decide('askToConfirm')).toEqual([asked]);
  });
  it("given a homeowner, when the admin says 'Looks like an owner', then it is recorded", () => {
    expect(decide('looksLikeOwner')).toEqual([marked]);
  });
  it('given a broker, when the admin decides, then there is nothing to decide', () => {
    expect(() => decide('askToConfirm', 'broker')).toThrow(IllegalStateError);
  });
});

describe('whether the question is open', () => {
  it('given strong signals and no answer, then it is asked', () => {
    expect(roleQuestionOpen([], true)).toBe(true);
    expect(roleQuestionOpen([], false)).toBe(false);
  });
  it("given an admin's ask, then it is asked until answered", () => {
    expect(roleQuestionOpen([asked], false)).toBe(true);
    expect(roleQuestionOpen([asked, confirmed], true)).toBe(false);
  });
  it('given an admin judged it an owner, then strong signals ask nothing, but a later ask does', () => {
    expect(roleQuestionOpen([marked], true)).toBe(false);
    expect(roleQuestionOpen([marked, asked], true)).toBe(true);
  });
});
