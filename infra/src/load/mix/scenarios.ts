import { cityRegeneration } from './cityRegeneration.ts';
import { ownerDashboard } from './ownerDashboard.ts';
import type { AnyScenario } from './scenario.ts';
import { tenantSearch } from './tenantSearch.ts';

/** Every load scenario by name, for `npm run load -- <name>`. */
export const SCENARIOS: readonly AnyScenario[] = [tenantSearch, ownerDashboard, cityRegeneration];
