/**
 * The listing's labels in the page's language: a property type, who lists,
 * a facility, and the reader the terms' labels take (core/src/i18n/terms.ts).
 * A page that shows them lists `terms` in its Layout's `messages`.
 */
import type { LabelReader } from '@rentals/core/i18n/terms';
// From core's card labels, not i18n/terms.ts: a page that shows only these does not load the terms' table.
import {
  facilityLabel as facilityIn,
  listerLabelIn,
  propertyTypeLabel,
} from '@rentals/core/ui/labels';
import { fill } from './i18n.ts';
import type { Facility } from './types.ts';

/** The page's `terms` messages (`fill`, as one holds an apostrophe ICU keeps parsed). */
export const pageLabels: LabelReader = (id) => fill(id);

/** 'Flat', 'PG'…; an unknown type as it is. */
export const typeLabel = (type: string) => propertyTypeLabel(pageLabels, type);

/** 'Broker' for a broker, 'Owner' for anyone else. */
export const listerLabel = (role: string) => listerLabelIn(pageLabels, role);

export const facilityLabel = (facility: Facility) => facilityIn(pageLabels, facility);
