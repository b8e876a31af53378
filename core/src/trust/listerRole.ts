/**
 * 'Are you the owner or a broker?' (issue 41): the account's answers and
 * admins' decisions on its broker signals, on the account's own stream
 * (`account-<id>`). Pure: the account's role now (users.role) comes in with
 * the command. An owner may say they are a broker at any time; nobody but an
 * admin makes a broker an owner again, so a broker cannot relabel their
 * listings 'Owner' (listings/decide.ts refuses the same).
 */
import { ForbiddenError, IllegalStateError } from '../errors.ts';
import type { AccountEvent } from '../accounts/events.ts';

export type ListerRoleCommand =
  | { type: 'AnswerRole'; accountId: string; role: string; answer: 'owner' | 'broker'; at: string }
  | {
      type: 'DecideOnSignals';
      accountId: string;
      role: string;
      adminId: string;
      decision: 'looksLikeOwner' | 'askToConfirm';
      at: string;
    };

export const listerRoleMessages = {
  brokerStays: 'Your account lists as a broker. Write to our team to change that.',
  notHomeowner: 'Only a homeowner account is asked whether it is an owner or a broker',
} as const;

export const decideListerRole = (command: ListerRoleCommand): AccountEvent[] => {
  const { accountId, at } = command;
  if (command.type === 'AnswerRole') {
    if (command.role === 'broker' && command.answer === 'owner')
      throw new ForbiddenError(listerRoleMessages.brokerStays);
    if (command.role !== 'homeowner') throw new IllegalStateError(listerRoleMessages.notHomeowner);
    return [
      command.answer === 'broker'
        ? { type: 'AccountBecameBroker', data: { accountId, at } }
        : { type: 'ListerConfirmedOwner', data: { accountId, at } },
    ];
  }
  if (command.role !== 'homeowner') throw new IllegalStateError(listerRoleMessages.notHomeowner);
  const data = { accountId, adminId: command.adminId, at };
  return [
    command.decision === 'askToConfirm'
      ? { type: 'ListerRoleConfirmationAsked', data }
      : { type: 'ListerMarkedAsOwner', data },
  ];
};

/** Whether the account has a question to answer: asked after its last answer, or never answered while its signals are strong. */
export const roleQuestionOpen = (
  events: readonly AccountEvent[],
  strongSignals: boolean,
): boolean => {
  let asked = false;
  let settled = false;
  for (const e of events) {
    if (e.type === 'ListerRoleConfirmationAsked') asked = true;
    if (e.type === 'ListerConfirmedOwner' || e.type === 'AccountBecameBroker') {
      asked = false;
      settled = true;
    }
    // An admin who judged it an owner quiets the signals (a later ask still asks).
    if (e.type === 'ListerMarkedAsOwner') settled = true;
  }
  return asked || (strongSignals && !settled);
};
