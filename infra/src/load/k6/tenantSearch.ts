/** `k6 run infra/src/load/k6/tenantSearch.ts` (after `npm run load -- --write-inputs`); mix/tenantSearch.ts holds its requests. */
import { tenantSearch } from '../mix/tenantSearch.ts';
import { k6Script } from './script.ts';

const script = k6Script(tenantSearch);

// What k6 reads from a script (public: knip sees no importer).
/** @public */
export const options = script.options;
/** @public */
export const setup = script.setup;
/** @public */
export const handleSummary = script.handleSummary;
/** @public */
export default script.iteration;
