import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';

/** An event's data: an object that takes no field its schema does not name. */
export const eventData = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

type Schemas = Record<string, TSchema>;

/** The event of type `T` among a domain's `schemas`: its type name and its data. */
export type EventOf<S extends Schemas, T extends keyof S & string> = {
  type: T;
  data: Static<S[T]>;
};

/** Any event of a domain's `schemas`. */
export type EventsOf<S extends Schemas> = { [T in keyof S & string]: EventOf<S, T> }[keyof S &
  string];

/**
 * A domain's event types, each with its data schema, all at version 1 (no
 * shape has changed yet): their definitions for the registry, their names
 * (what a projection handles) and a guard. A type whose shape changes moves
 * to a hand-written definition with its upcaster (registry.ts).
 */
export const defineEvents = <const S extends Schemas>(schemas: S) => {
  const types = Object.keys(schemas) as (keyof S & string)[];
  const definitions = Object.fromEntries(
    types.map((type) => [type, { schema: schemas[type], version: 1 }]),
  ) as { readonly [T in keyof S]: { readonly schema: S[T]; readonly version: 1 } };
  const isOne = <E extends { type: string }>(event: E): event is E & EventsOf<S> =>
    (types as readonly string[]).includes(event.type);
  return { definitions, types, isOne };
};
