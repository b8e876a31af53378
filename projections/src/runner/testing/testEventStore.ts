import type { Sql } from 'postgres';
import { Type } from '@sinclair/typebox';
import { createEventStore } from '@rentals/core/eventStore/eventStore';
import { createEventRegistry } from '@rentals/core/eventStore/registry';

/**
 * An event store that takes the runner tests' own event types (empty data),
 * not the product's: the store refuses types it does not know.
 */
export const testEventStore = (db: Sql, ...types: string[]) =>
  createEventStore(
    db,
    createEventRegistry(
      Object.fromEntries(types.map((t) => [t, { schema: Type.Object({}), version: 1 }])),
    ),
  );
