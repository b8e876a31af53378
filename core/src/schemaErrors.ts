import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { ValidationError, type FieldError } from './errors.ts';

/**
 * What a schema node says for each way a value can fail it, so one TypeBox
 * schema gives both the checks and the exact wording of every message (the
 * SPEC's where it has one). Kept on the node under `x-messages`, an
 * extension keyword that the OpenAPI document shows and validators ignore.
 */
export type FieldMessages = {
  /** Missing, undefined, or an empty string. Falls back to `type`. */
  required?: string;
  /** Not the right kind of value ('abc' for a number, a number for a word); the fallback of every other key. */
  type?: string;
  /** A number that is not whole. */
  integer?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  format?: string;
  minimum?: string;
  maximum?: string;
  minItems?: string;
  maxItems?: string;
};

const MESSAGES = 'x-messages';

/** Spread into a schema's options: `Type.String({ minLength: 5, ...messages({ minLength: '…' }) })`. */
export const messages = (m: FieldMessages) => ({ [MESSAGES]: m });

const messagesOf = (schema: TSchema): FieldMessages =>
  ((schema as Record<string, unknown>)[MESSAGES] as FieldMessages | undefined) ?? {};

const KEYWORDS: Partial<Record<ValueErrorType, keyof FieldMessages>> = {
  [ValueErrorType.ObjectRequiredProperty]: 'required',
  [ValueErrorType.StringMinLength]: 'minLength',
  [ValueErrorType.StringMaxLength]: 'maxLength',
  [ValueErrorType.StringPattern]: 'pattern',
  [ValueErrorType.StringFormat]: 'format',
  [ValueErrorType.StringFormatUnknown]: 'format',
  [ValueErrorType.NumberMinimum]: 'minimum',
  [ValueErrorType.NumberExclusiveMinimum]: 'minimum',
  [ValueErrorType.IntegerMinimum]: 'minimum',
  [ValueErrorType.IntegerExclusiveMinimum]: 'minimum',
  [ValueErrorType.NumberMaximum]: 'maximum',
  [ValueErrorType.NumberExclusiveMaximum]: 'maximum',
  [ValueErrorType.IntegerMaximum]: 'maximum',
  [ValueErrorType.IntegerExclusiveMaximum]: 'maximum',
  [ValueErrorType.NumberMultipleOf]: 'integer',
  [ValueErrorType.IntegerMultipleOf]: 'integer',
  [ValueErrorType.ArrayMinItems]: 'minItems',
  [ValueErrorType.ArrayMaxItems]: 'maxItems',
};

const messageFor = (error: ValueError): string => {
  const m = messagesOf(error.schema);
  const absent = error.value === undefined || error.value === '' || error.value === null;
  if (absent && m.required) return m.required;
  const key =
    error.type === ValueErrorType.Integer && Number.isFinite(error.value)
      ? 'integer'
      : KEYWORDS[error.type];
  return (key && m[key]) ?? m.type ?? error.message;
};

/** '/location/pinCode' → 'location.pinCode', the paths the forms map to fields. */
const fieldPath = (pointer: string) => pointer.replace(/^\//, '').replaceAll('/', '.');

const isObjectSchema = (s: TSchema) => s.type === 'object';
const isObjectValue = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A union that fails on an object (`coordinates: {…} | null` given an object)
 * is reported inside the object variant, so the message names the field
 * that is wrong rather than the union.
 */
const expand = (error: ValueError): ValueError[] => {
  if (error.type !== ValueErrorType.Union || !isObjectValue(error.value)) return [error];
  const variants = (error.schema.anyOf ?? []) as TSchema[];
  const index = variants.findIndex(isObjectSchema);
  const inner = index >= 0 ? error.errors[index] : undefined;
  return inner ? [...inner].flatMap(expand) : [error];
};

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();
const checkerOf = (schema: TSchema) => {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
};

/** Dotted paths of every field in schema order (object variants of unions included). */
const fieldOrder = (schema: TSchema, prefix = ''): string[] => {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  return Object.entries(properties).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const object = ((child.anyOf ?? [child]) as TSchema[]).find(isObjectSchema);
    return [path, ...(object ? fieldOrder(object, path) : [])];
  });
};

const orders = new WeakMap<TSchema, string[]>();

/**
 * Errors sorted as the schema lists its fields (a form's order), whatever
 * order they were found in, so errors of rules across fields sit among the
 * schema's. Paths are under `prefix`; unknown paths go last.
 */
export const inFieldOrder = (schema: TSchema, errors: FieldError[], prefix = ''): FieldError[] => {
  let order = orders.get(schema);
  if (!order) {
    order = fieldOrder(schema);
    orders.set(schema, order);
  }
  const known = order;
  const rank = (path: string) => {
    const i = known.indexOf(
      prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path,
    );
    return i === -1 ? known.length : i;
  };
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e.path) - rank(b.e.path) || a.i - b.i)
    .map(({ e }) => e);
};

/** True when the value matches the schema (compiled once per schema, for hot paths such as the event store). */
export const matches = (schema: TSchema, value: unknown): boolean => checkerOf(schema).Check(value);

/**
 * Every field the value gets wrong, one message per field (its first
 * failure), with dotted paths under `prefix`. Empty when the value matches.
 */
export const schemaErrors = (schema: TSchema, value: unknown, prefix = ''): FieldError[] => {
  const check = checkerOf(schema);
  if (check.Check(value)) return [];
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const error of [...check.Errors(value)].flatMap(expand)) {
    const path = [prefix, fieldPath(error.path)].filter((p) => p !== '').join('.');
    // A field whose parent is already wrong (not an object, say) adds nothing.
    if ([...seen].some((p) => path === p || path.startsWith(`${p}.`))) continue;
    seen.add(path);
    errors.push({ path, msg: messageFor(error) });
  }
  return inFieldOrder(schema, errors, prefix);
};

/** The value as the schema's type, or a 400 listing every field it gets wrong. */
export const parseWith = <T extends TSchema>(schema: T, value: unknown): Static<T> => {
  const errors = schemaErrors(schema, value);
  if (errors.length > 0) throw new ValidationError(errors);
  return value;
};
