import type { TSchema } from '@sinclair/typebox';
import type { FieldError } from '../errors.ts';
import { matches, schemaErrors } from '../schemaErrors.ts';
import type { Event, RecordedEvent } from './types.ts';

type Data = Record<string, unknown>;

/**
 * One event type: the schema its data has now, that shape's version, and how
 * to bring data of each older version one step forward. A shape change adds
 * an upcaster and raises the version; the log itself is never rewritten.
 */
export type EventDefinition = {
  schema: TSchema;
  /** The current version of the data shape (1 when it never changed). */
  version: number;
  /** `upcasters[n]` turns data of version n into data of version n + 1. */
  upcasters?: Readonly<Record<number, (data: Data) => Data>>;
};

export type EventDefinitions = Readonly<Record<string, EventDefinition>>;

/** An event the store will not append: unknown type, or data that does not match its schema. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly errors: FieldError[],
  ) {
    super(
      errors.length === 0
        ? `Unknown event type ${eventType}`
        : `Invalid ${eventType}: ${errors.map((e) => `${e.path || '(data)'}: ${e.msg}`).join('; ')}`,
    );
    this.name = 'InvalidEventError';
  }
}

export type EventRegistry = {
  /** Throws InvalidEventError unless the event's type is registered and its data matches. */
  assertValid(event: Event): void;
  /** The current data version of a type (what append records in `metadata.schemaVersion`). */
  versionOf(type: string): number;
  /** An event read from the log, with its data brought to the current version (unknown types as they are). */
  upcast<E extends RecordedEvent>(event: E): E;
};

/**
 * The event types a store accepts. The store checks every event against its
 * type's schema before it takes a position, and upcasts old data as it reads,
 * so the write side (folding a stream) and every projection see one shape.
 */
export const createEventRegistry = (definitions: EventDefinitions): EventRegistry => {
  const definitionOf = (type: string) =>
    Object.hasOwn(definitions, type) ? definitions[type] : undefined;
  return {
    assertValid(event) {
      const definition = definitionOf(event.type);
      if (!definition) throw new InvalidEventError(event.type, []);
      if (matches(definition.schema, event.data)) return;
      const errors = schemaErrors(definition.schema, event.data);
      throw new InvalidEventError(
        event.type,
        errors.length > 0 ? errors : [{ path: '', msg: 'does not match its schema' }],
      );
    },

    versionOf(type) {
      return definitionOf(type)?.version ?? 1;
    },

    upcast(event) {
      const definition = definitionOf(event.type);
      const from = event.metadata.schemaVersion ?? 1;
      if (!definition || from >= definition.version) return event;
      let data = event.data;
      for (let version = from; version < definition.version; version++) {
        const step = definition.upcasters?.[version];
        if (!step)
          throw new Error(
            `No upcaster for ${event.type} from version ${version} to ${version + 1}`,
          );
        data = step(data);
      }
      return { ...event, data, metadata: { ...event.metadata, schemaVersion: definition.version } };
    },
  };
};
