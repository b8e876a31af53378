/** Plain, greppable log lines on stdout/stderr; the dev runner prefixes each process' lines with its label. */
export type Logger = {
  info: (message: string, fields?: Record<string, unknown>) => void;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  error: (message: string, fields?: Record<string, unknown>) => void;
};

const format = (level: string, message: string, fields?: Record<string, unknown>) =>
  `${level} ${message}${fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ''}`;

export const consoleLogger: Logger = {
  info: (m, f) => console.log(format('info', m, f)),
  warn: (m, f) => console.warn(format('warn', m, f)),
  error: (m, f) => console.error(format('error', m, f)),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
