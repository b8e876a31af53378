// `npm run migrate`: applies pending migrations (withCliContext migrates before running anything).
import { withCliContext } from './context.ts';

await withCliContext(async ({ sql }) => {
  const [{ applied } = { applied: 0 }] = await sql<
    { applied: number }[]
  >`SELECT count(*) AS applied FROM schema_migrations`;
  console.log(`schema is up to date (${applied} migrations applied)`);
});
