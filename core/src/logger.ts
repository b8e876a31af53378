/**
 * Log lines on stdout/stderr, one per entry. `plain` (the default, for
 * development; the dev runner prefixes each process' lines with its label):
 * `level message {fields}`. `json` (LOG_FORMAT=json, for production log
 * shippers): one JSON object a line with `time`, `level`, `msg` and the
 * fields beside them.
 */
export type Logger = {
  info: (message: string, fields?: Record<string, unknown>) => void;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  error: (message: string, fields?: Record<string, unknown>) => void;
};

export const LOG_FORMATS = ['plain', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

type Level = keyof Logger;

/** Errors as their message and stack (JSON.stringify makes `{}` of them), bigints as strings. */
const jsonValue = (_key: string, value: unknown) =>
  value instanceof Error
    ? { message: value.message, ...(value.stack ? { stack: value.stack } : {}) }
    : typeof value === 'bigint'
      ? value.toString()
      : value;

const RESERVED = new Set(['time', 'level', 'msg']);

export const formatPlain = (level: Level, message: string, fields?: Record<string, unknown>) =>
  `${level} ${message}${fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields, jsonValue)}` : ''}`;

/** One JSON line; a field named like a core key (time, level, msg) is kept as `_time`, `_level`, `_msg`. */
export const formatJson = (
  level: Level,
  message: string,
  fields: Record<string, unknown> | undefined,
  now: Date,
) => {
  const entry: Record<string, unknown> = { time: now.toISOString(), level, msg: message };
  for (const [key, value] of Object.entries(fields ?? {}))
    entry[RESERVED.has(key) ? `_${key}` : key] = value;
  return JSON.stringify(entry, jsonValue);
};

/** A logger writing `format` lines to the console (info to stdout, warnings and errors to stderr). */
export const createConsoleLogger = (
  format: LogFormat = 'plain',
  clock: () => Date = () => new Date(),
): Logger => {
  const line = (level: Level, message: string, fields?: Record<string, unknown>) =>
    format === 'json'
      ? formatJson(level, message, fields, clock())
      : formatPlain(level, message, fields);
  return {
    info: (m, f) => console.log(line('info', m, f)),
    warn: (m, f) => console.warn(line('warn', m, f)),
    error: (m, f) => console.error(line('error', m, f)),
  };
};

export const consoleLogger: Logger = createConsoleLogger('plain');

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
