import { FormatRegistry, Type, type StringOptions } from '@sinclair/typebox';

/**
 * Free text in every request and event schema. Control characters (NUL above
 * all, which Postgres refuses in text and jsonb) are never stored: a
 * single-line field refuses every one, a multi-line field allows line breaks
 * and tabs. Every free-text field is made by `singleLineText` or
 * `multiLineText`, so none can be declared without its length bound and its
 * control-character check (infra/src/security/inputContract.int.test.ts sends
 * NUL to every string of every route to hold that).
 */
export const SINGLE_LINE = 'single-line';
export const MULTI_LINE = 'multi-line';

// Matching control characters is the point here.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

export const isSingleLine = (value: string) => !CONTROL.test(value);
export const isMultiLine = (value: string) => !CONTROL_BUT_LINE_BREAKS.test(value);

FormatRegistry.Set(SINGLE_LINE, isSingleLine);
FormatRegistry.Set(MULTI_LINE, isMultiLine);

/** A text field's options: a length bound is required; the format is the helper's. */
export type TextOptions = Omit<StringOptions, 'format' | 'maxLength'> & {
  maxLength: number;
  /** Elysia's one message for any failure (route schemas that do not use `x-messages`). */
  error?: string;
};

/** One line of free text: a name, a title, a query. */
export const singleLineText = (options: TextOptions) =>
  Type.String({ ...options, format: SINGLE_LINE });

/** Free text that may span lines: a description, a message, a note. */
export const multiLineText = (options: TextOptions) =>
  Type.String({ ...options, format: MULTI_LINE });
