/** `k6 run infra/src/load/k6/ownerDashboard.ts` (after `npm run load -- --write-inputs`); mix/ownerDashboard.ts holds its requests. */
import { ownerDashboard } from '../mix/ownerDashboard.ts';
import { k6Script } from './script.ts';

const script = k6Script(ownerDashboard);

// What k6 reads from a script (public: knip sees no importer).
/** @public */
export const options = script.options;
/** @public */
export const setup = script.setup;
/** @public */
export const handleSummary = script.handleSummary;
/** @public */
export default script.iteration;
