import { describe, expect, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { appEventRegistry } from '../eventRegistry.ts';
import type { NotificationEvent } from './events.ts';
import {
  decideReadMark,
  foldReadMark,
  type NotificationCommand,
  type MarkNotificationsRead,
} from './readMark.ts';

const userId = 'u-bell';
const T1 = '2026-11-24T10:00:00.000Z';
const T2 = '2026-11-24T11:00:00.000Z';
const T3 = '2026-11-24T12:00:00.000Z';
const read = (upTo: string, at = T3): NotificationEvent => ({
  type: 'NotificationsRead',
  data: { userId, upTo, at },
});
const mark = (upTo: string, at = T3): MarkNotificationsRead => ({
  type: 'MarkNotificationsRead',
  userId,
  upTo,
  at,
});

/** Given past events, when the user marks the bell read, then these events. */
const given = givenFor({ decide: decideReadMark, fold: foldReadMark });

describe('the notifications read mark', () => {
  it('moves forward to what the user saw', () => {
    given()
      .when(mark(T1))
      .then([read(T1)]);
    given(read(T1))
      .when(mark(T2))
      .then([read(T2)]);
  });

  it('never backwards, and marking again records nothing', () => {
    given(read(T2)).when(mark(T1)).then([]);
    given(read(T2)).when(mark(T2)).then([]);
  });

  it('a mark in the future is the present', () => {
    given()
      .when(mark(T3, T2))
      .then([read(T2, T2)]);
  });

  it('opening one notification reads it alone, once', () => {
    const open = (itemId: string): NotificationCommand => ({
      type: 'OpenNotification',
      userId,
      itemId,
      at: T2,
    });
    const opened = (itemId: string): NotificationEvent => ({
      type: 'NotificationOpened',
      data: { userId, itemId, at: T2 },
    });
    given(read(T1))
      .when(open('match-12-3'))
      .then([opened('match-12-3')]);
    given(opened('match-12-3')).when(open('match-12-3')).then([]);
    given(opened('match-12-3'))
      .when(open('notice-listing-a1/4'))
      .then([opened('notice-listing-a1/4')]);
    // Opening one moves no mark: marking all read afterwards still records.
    given(opened('match-12-3'))
      .when(mark(T1))
      .then([read(T1)]);
  });

  it('an opened notification is named by the id the bell gives it', () => {
    const event = (itemId: string) => ({
      type: 'NotificationOpened',
      data: { userId, itemId, at: T1 },
    });
    expect(() => appEventRegistry.assertValid(event('match-12-3'))).not.toThrow();
    expect(() => appEventRegistry.assertValid(event('notice-listing-a1/4'))).not.toThrow();
    expect(() => appEventRegistry.assertValid(event('match-12'))).toThrow();
    expect(() => appEventRegistry.assertValid(event('other-1'))).toThrow();
  });

  it('the event is registered with its schema', () => {
    expect(() => appEventRegistry.assertValid(read(T1))).not.toThrow();
    expect(() =>
      appEventRegistry.assertValid({ type: 'NotificationsRead', data: { userId, upTo: 'soon' } }),
    ).toThrow();
  });
});
