/** `k6 run infra/src/load/k6/tenantSearch.ts` (after `npm run load -- --write-inputs`); mix/tenantSearch.ts holds its requests. */
import { tenantSearch } from '../mix/tenantSearch.ts';
import type { Place } from '../mix/places.ts';
import { k6Script } from './script.ts';

const script = k6Script(tenantSearch, {
  places: JSON.parse(open('../data/places.json')) as Place[],
  photo: new Uint8Array(open('../data/photo.jpg', 'b')),
});

export const options = script.options;
export const setup = script.setup;
export const handleSummary = script.handleSummary;
export default script.iteration;
