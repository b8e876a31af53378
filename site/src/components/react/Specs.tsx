import { count, plural } from '@rentals/core/ui/plural';
import type { Property } from '../../lib/types.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';

/** Beds, baths and sq ft on a card, each only when above 0 (SPEC: a PG often has none). */
export const Specs = ({ details }: { details: Property['propertyDetails'] }) => (
  <div className="specs">
    {details.bedrooms > 0 && (
      <span>
        <Icon name="bed" /> {plural(details.bedrooms, 'Bed')}
      </span>
    )}
    {details.bathrooms > 0 && (
      <span>
        <Icon name="bath" /> {plural(details.bathrooms, 'Bath')}
      </span>
    )}
    {details.area > 0 && (
      <span>
        <Icon name="area" /> {count(details.area)} sq ft
      </span>
    )}
  </div>
);
