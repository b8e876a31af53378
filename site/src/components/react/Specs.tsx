import { count } from '@rentals/core/ui/plural';
import { format } from '../../lib/i18nFormat.ts';
import type { Property } from '../../lib/types.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';

/** Beds, baths and sq ft on a card, each only when above 0 (SPEC: a PG often has none). */
export const Specs = ({ details }: { details: Property['propertyDetails'] }) => (
  <div className="specs">
    {details.bedrooms > 0 && (
      <span>
        <Icon name="bed" /> {format('card.specs.beds', { n: details.bedrooms })}
      </span>
    )}
    {details.bathrooms > 0 && (
      <span>
        <Icon name="bath" /> {format('card.specs.baths', { n: details.bathrooms })}
      </span>
    )}
    {details.area > 0 && (
      <span>
        <Icon name="area" /> {format('card.specs.area', { area: count(details.area) })}
      </span>
    )}
  </div>
);
