import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createEventRegistry, InvalidEventError } from './registry.ts';
import type { RecordedEvent } from './types.ts';

/**
 * A rent event whose shape changed twice: v1 had `amount`, v2 renamed it to
 * `rent`, v3 added `currency`. The log keeps every old event as it was.
 */
const registry = createEventRegistry({
  RentSet: {
    schema: Type.Object(
      { rent: Type.Integer({ minimum: 1 }), currency: Type.Literal('INR') },
      { additionalProperties: false },
    ),
    version: 3,
    upcasters: {
      1: ({ amount, ...rest }) => ({ ...rest, rent: amount }),
      2: (data) => ({ ...data, currency: 'INR' }),
    },
  },
});

const recorded = (type: string, data: Record<string, unknown>, schemaVersion?: number) =>
  ({
    type,
    data,
    streamId: 's-1',
    streamVersion: 1,
    position: 1,
    transactionId: '1',
    metadata: schemaVersion === undefined ? {} : { schemaVersion },
    recordedAt: new Date(0),
  }) satisfies RecordedEvent;

describe('event registry', () => {
  it('upcasts an old-shape event step by step to the current shape', () => {
    const old = recorded('RentSet', { amount: 25000 }, 1);
    expect(registry.upcast(old)).toEqual({
      ...old,
      data: { rent: 25000, currency: 'INR' },
      metadata: { schemaVersion: 3 },
    });
    expect(registry.upcast(recorded('RentSet', { rent: 9000 }, 2)).data).toEqual({
      rent: 9000,
      currency: 'INR',
    });
  });

  it('takes metadata without a version as version 1, and leaves current and unknown events as they are', () => {
    expect(registry.upcast(recorded('RentSet', { amount: 1 })).data).toEqual({
      rent: 1,
      currency: 'INR',
    });
    const current = recorded('RentSet', { rent: 1, currency: 'INR' }, 3);
    expect(registry.upcast(current)).toBe(current);
    const unknown = recorded('Other', { x: 1 }, 1);
    expect(registry.upcast(unknown)).toBe(unknown);
  });

  it('checks appended data against the current shape only', () => {
    expect(() =>
      registry.assertValid({ type: 'RentSet', data: { rent: 5, currency: 'INR' } }),
    ).not.toThrow();
    expect(() => registry.assertValid({ type: 'RentSet', data: { amount: 5 } })).toThrow(
      InvalidEventError,
    );
    expect(() =>
      registry.assertValid({ type: 'RentSet', data: { rent: 2.5, currency: 'INR' } }),
    ).toThrow(/Invalid RentSet: rent/);
    expect(() => registry.assertValid({ type: 'Other', data: {} })).toThrow(
      /Unknown event type Other/,
    );
    expect(registry.versionOf('RentSet')).toBe(3);
  });

  it('fails loudly when a version has no upcaster', () => {
    const broken = createEventRegistry({
      E: { schema: Type.Object({}), version: 2 },
    });
    expect(() => broken.upcast(recorded('E', {}, 1))).toThrow(/No upcaster for E from version 1/);
  });
});
