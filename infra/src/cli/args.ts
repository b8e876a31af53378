import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<T extends Options> = ReturnType<
  typeof parseArgs<{ options: T; strict: true }>
>['values'];

/**
 * An operations command's flags: an unknown or malformed flag prints the
 * error and the usage and exits 2; --help / -h prints the usage and exits 0.
 */
export const parseCommandArgs = <const T extends Options>(options: T, usage: string): Values<T> => {
  let parsed;
  try {
    parsed = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  const { help, ...values } = parsed.values as { help?: boolean };
  if (help) {
    console.log(usage);
    process.exit(0);
  }
  return values as Values<T>;
};
