import { FormatRegistry } from '@sinclair/typebox';

/**
 * String formats for free text. Control characters (NUL above all, which
 * Postgres refuses in text and jsonb) are never stored: a single-line field
 * refuses every one, a multi-line field allows line breaks and tabs.
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
