import { ValidationError } from '@rentals/core/errors';
import { expect } from 'vitest';

type ErrorType = new (...args: never[]) => Error;

/** What a decider test needs: the decider, its fold, and (optionally) a check on each event decided. */
export type Decider<C, E, S> = {
  decide: (command: C, state: S) => E[];
  fold: (history: E[]) => S;
  assertValid?: (event: E) => void;
};

/** The texts a refusal carries: a ValidationError's field messages, else the error's message. */
const textsOf = (error: unknown): string[] =>
  error instanceof ValidationError ? error.errors.map((e) => e.msg) : [(error as Error).message];

const thrownBy = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the command to be refused, and it was decided');
};

/**
 * Given past events, when a command is decided, then these events (or this
 * refusal). `givenFor(decider)` is the `given` of one aggregate's tests.
 */
export const givenFor =
  <C, E, S>({ decide, fold, assertValid }: Decider<C, E, S>) =>
  (...history: E[]) => ({
    when: (command: C) => {
      const run = () => decide(command, fold(history));
      return {
        then: (expected: E[]) => {
          const events = run();
          expect(events).toEqual(expected);
          if (assertValid) for (const event of events) assertValid(event);
        },
        /** Refused with this error type; with `message`, one of its texts holds it. */
        thenThrows: (type: ErrorType, message?: string | RegExp) => {
          const error = thrownBy(run);
          expect(error).toBeInstanceOf(type);
          if (message === undefined) return;
          const texts = textsOf(error);
          const matches = (text: string) =>
            typeof message === 'string' ? text.includes(message) : message.test(text);
          expect(texts.some(matches), `${texts.join(' | ')} should hold ${String(message)}`).toBe(
            true,
          );
        },
        /** Refused as invalid, with this message among its field errors. */
        thenRefuses: (path: string, msg: string) => {
          const error = thrownBy(run);
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).errors).toContainEqual({ path, msg });
        },
        /** Refused as invalid, on exactly these fields. */
        thenFieldErrors: (paths: string[]) => {
          const error = thrownBy(run);
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).errors.map((e) => e.path)).toEqual(paths);
        },
      };
    },
  });
