import { Value } from '@sinclair/typebox/value';
import type { FieldError } from '../shared/errors.ts';
import { ValidationError } from '../shared/errors.ts';
import { RegisterBody } from './model.ts';
import { checkRegister } from './rules.ts';

/**
 * The registration rules outside HTTP (the admin command): the same schema and
 * rules, the same messages, one error per field.
 */
export const accountErrors = (input: {
  name: string;
  email: string;
  phone: string;
  password: string;
}): FieldError[] => {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of Value.Errors(RegisterBody, input)) {
    const path = issue.path.replace(/^\//, '');
    const msg = (issue.schema as { error?: unknown }).error;
    if (seen.has(path)) continue;
    seen.add(path);
    errors.push({ path, msg: typeof msg === 'string' ? msg : issue.message });
  }
  if (errors.length > 0) return errors;
  try {
    checkRegister(input);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return [];
};
