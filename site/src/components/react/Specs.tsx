import type { Property } from '../../lib/types.ts';

/** Beds, baths and sq ft on a card, each only when above 0 (SPEC: a PG often has none). */
export const Specs = ({ details }: { details: Property['propertyDetails'] }) => (
  <div className="specs">
    {details.bedrooms > 0 && <span>🛏 {details.bedrooms} Beds</span>}
    {details.bathrooms > 0 && <span>🛁 {details.bathrooms} Baths</span>}
    {details.area > 0 && <span>📐 {details.area} sq ft</span>}
  </div>
);
