import type { Property } from '../../lib/types.ts';
import { rentPeriod, typeLabel } from '../../lib/format.ts';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { pageLocale, text } from '../../lib/i18n.ts';
import { confirmedAgoText } from '../../lib/confirmedAgo.ts';
import { Carousel } from './Carousel.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import { FACILITY_ICONS } from './facilityLabels.ts';
import { facilityLabel, pageLabels } from '../../lib/labels.ts';
import { OwnerLine } from '@rentals/core/ui/OwnerLine.tsx';
import { PossiblyRentedLater } from './PossiblyRentedLater.tsx';
import { Specs } from './Specs.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { cardTerms } from '../../lib/tenancyText.ts';

const CARD_FACILITIES = ['wifi', 'parking', 'ac'] as const;

/** The signed-in user's card (SPEC §2 "Logged-in card"). */
export const PropertyCard = ({
  property,
  first = false,
}: {
  property: Property;
  first?: boolean;
}) => {
  const d = property.propertyDetails;
  const facilities = CARD_FACILITIES.filter((f) => property.facilities[f]).slice(0, 3);
  // Furnishing and deposit change what a home costs to move into, so the card shows them when given.
  const terms = cardTerms(property);
  return (
    <article className="property-card" data-testid="property-card">
      <div style={{ position: 'relative' }}>
        <Carousel images={property.images} title={property.title} first={first} />
        <span className="badge badge-type">{typeLabel(property.propertyType)}</span>
        <FavouriteButton
          listingId={property._id}
          title={property.title}
          ownerId={property.ownerId}
          className="heart-on-photo"
        />
      </div>
      <div className="property-card-body">
        <p className="rent">
          {formatRupees(property.rent, pageLocale())}
          <small>
            {text(rentPeriod(property.rentType) === 'year' ? 'card.per.year' : 'card.per.month')}
          </small>
        </p>
        {/* What the owner wrote, and place names: never machine-translated. */}
        <h3 translate="no">
          <a href={`/properties/${property._id}`}>{property.title}</a>
        </h3>
        <p className="muted" style={{ margin: 0 }} translate="no">
          {property.location.area}, {property.location.city}
        </p>
        <PossiblyRentedLater listingId={property._id} />
        <Specs details={d} />
        {terms.length > 0 && (
          <p className="muted card-terms" style={{ margin: 0 }}>
            {terms.join(' · ')}
          </p>
        )}
        <p className="muted" style={{ margin: 0 }} data-testid="confirmed-ago">
          {confirmedAgoText(property.lastConfirmedAt)}
        </p>
        {facilities.length > 0 && (
          <div className="facility-icons">
            {facilities.map((f) => (
              <span key={f} className="chip" title={facilityLabel(f)}>
                <Icon name={FACILITY_ICONS[f]} /> {facilityLabel(f)}
              </span>
            ))}
          </div>
        )}
        <OwnerLine owner={property.owner} t={pageLabels}>
          {/* The same flag as the detail's Verified / Pending: only an admin's check earns the mark. */}
          {property.isVerified && <span className="verified">{text('card.verified')}</span>}
        </OwnerLine>
      </div>
    </article>
  );
};
