import postgres from 'postgres';

/**
 * Our `postgres` client settings: bigint columns arrive as numbers (positions
 * and counts stay far below 2^53), notices stay out of the logs.
 */
export const createSql = (url: string, options: { max?: number; idleTimeout?: number } = {}) =>
  postgres(url, {
    max: options.max ?? 10,
    idle_timeout: options.idleTimeout ?? 30,
    onnotice: () => {},
    types: {
      bigint: {
        to: 20,
        from: [20],
        parse: (v: string) => Number(v),
        serialize: (v: number) => String(v),
      },
    },
  });

export type { Sql } from 'postgres';
