/** `k6 run infra/src/load/k6/cityRegeneration.ts` (after `npm run load -- --write-inputs`); mix/cityRegeneration.ts holds its requests. */
import { cityRegeneration } from '../mix/cityRegeneration.ts';
import { k6Script } from './script.ts';

const script = k6Script(cityRegeneration);

// What k6 reads from a script (public: knip sees no importer).
/** @public */
export const options = script.options;
/** @public */
export const setup = script.setup;
/** @public */
export const handleSummary = script.handleSummary;
/** @public */
export default script.iteration;
