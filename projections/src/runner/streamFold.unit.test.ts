import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@rentals/core/eventStore/types';
import { copyText, copyValue, GIVE_WAY_EVERY, streamFold, TextArray } from './streamFold.ts';

const event = (
  streamId: string,
  position: number,
  type: string,
  data: Record<string, unknown> = {},
): RecordedEvent => ({
  type,
  data,
  streamId,
  streamVersion: position,
  position,
  transactionId: '7',
  metadata: {},
  recordedAt: new Date(0),
});

describe('COPY text', () => {
  it('escapes the separators and backslashes, and writes NULL, booleans, arrays and JSON', () => {
    expect(copyValue('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(true)).toBe('t');
    expect(copyValue(2.5)).toBe('2.5');
    expect(copyValue(new TextArray(['wifi', 'say "hi"', 'back\\slash']))).toBe(
      '{"wifi","say \\\\"hi\\\\"","back\\\\\\\\slash"}',
    );
    expect(copyValue({ note: 'line\nnext', n: [1] })).toBe('{"note":"line\\\\nnext","n":[1]}');
    expect(() => copyValue(Number.NaN)).toThrow(/NaN/);
    expect(
      copyText([
        ['x', 1],
        ['y', null],
      ]),
    ).toBe('x\t1\ny\t\\N\n');
  });
});

describe('streamFold', () => {
  // Counts a stream's "Up" events; cannot fold a "Bad" event.
  const counting = streamFold({
    streamType: 'thing',
    eventTypes: ['Up', 'Bad'],
    columns: { things: ['id', 'ups'] },
    fold: (events) => {
      if (events.some((e) => e.type === 'Bad')) throw new Error('cannot fold Bad');
      return { id: events[0]!.streamId, ups: events.length };
    },
    rows: (_db, folded) => ({ things: folded.map((f) => [f.id, f.ups]) }),
  });
  const db = {} as never;

  it('folds each stream once, leaving out event types it does not know', async () => {
    const result = await counting
      .start()
      .build(db, [
        [event('a', 1, 'Up'), event('a', 2, 'Other'), event('a', 3, 'Up')],
        [event('b', 4, 'Up')],
        [event('c', 5, 'Other')],
      ]);
    expect(result).toEqual({
      rows: {
        things: [
          ['a', 2],
          ['b', 1],
        ],
      },
      unapplied: [],
    });
  });

  it('folds a stream up to the event it cannot fold, and returns that event to park', async () => {
    const result = await counting
      .start()
      .build(db, [
        [event('a', 1, 'Up'), event('a', 2, 'Up'), event('a', 3, 'Bad'), event('a', 4, 'Up')],
        [event('b', 5, 'Bad')],
      ]);
    expect(result.rows).toEqual({ things: [['a', 2]] });
    expect(result.unapplied).toEqual([
      {
        event: { streamId: 'a', position: 3, transactionId: '7', type: 'Bad' },
        error: 'cannot fold Bad',
      },
      {
        event: { streamId: 'b', position: 5, transactionId: '7', type: 'Bad' },
        error: 'cannot fold Bad',
      },
    ]);
  });

  it('lets the event loop run while it folds many streams (a rebuild feeds its COPY from the same thread)', async () => {
    const streams = Array.from({ length: GIVE_WAY_EVERY * 3 }, (_, i) => [
      event(`s${i}`, i + 1, 'Up'),
    ]);
    const turns: number[] = [];
    const folded: string[] = [];
    const watching = streamFold({
      streamType: 'thing',
      eventTypes: ['Up'],
      columns: { things: ['id'] },
      fold: (events) => {
        folded.push(events[0]!.streamId);
        return events[0]!.streamId;
      },
      rows: (_db, ids) => ({ things: ids.map((id) => [id]) }),
    });
    // Queued before the fold starts: each runs at the fold's next break, and records how far it had got.
    const watch = () =>
      setImmediate(() => {
        turns.push(folded.length);
        if (folded.length < streams.length) watch();
      });
    watch();
    const result = await watching.start().build(db, streams);
    expect(result.rows.things).toHaveLength(streams.length);
    // A break after every GIVE_WAY_EVERY streams; none before the first (the fold is not slowed for a few).
    expect(turns).toEqual([GIVE_WAY_EVERY, GIVE_WAY_EVERY * 2]);
  });
});
