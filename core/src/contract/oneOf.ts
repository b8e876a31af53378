import { Type, type TLiteral, type TUnion } from '@sinclair/typebox';

/**
 * A union of string literals typed as a tuple (`'PG' | 'house' | 'flat'`),
 * which Elysia's response types need (they read an array-typed union as never).
 */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<{
    -readonly [K in keyof T]: TLiteral<T[K]>;
  }>;
