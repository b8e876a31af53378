import type { PublicProperty } from '../../lib/types.ts';
import { initial, roleLabel, typeLabel } from '../../lib/format.ts';
import { loginUrlFor } from '../../lib/loginUrl.ts';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/** The visitor's card: no rent, no contact; the whole card leads to /login. */
export const PublicCard = ({ property }: { property: PublicProperty }) => {
  const image = property.images[0];
  return (
    <article
      className="property-card visitor-card"
      data-testid="public-card"
      title="Click to login and see details"
    >
      <div className="carousel">
        {image ? (
          <ResponsiveImage image={image} alt={image.caption || property.title} />
        ) : (
          <div className="no-image" aria-hidden="true">
            🏠
          </div>
        )}
        <span className="badge badge-type">{typeLabel(property.propertyType)}</span>
      </div>
      <span className="hover-hint" aria-hidden="true">
        Click to login and see details
      </span>
      <div className="property-card-body">
        <h3>
          <a href={loginUrlFor(`/properties/${property._id}`)}>{property.title}</a>
        </h3>
        <p className="muted" style={{ margin: 0 }}>
          {property.location.city}
        </p>
        <div className="owner-line">
          <span className="avatar" aria-hidden="true">
            {initial(property.owner.name)}
          </span>
          <span>
            {property.owner.name} <span className="muted">· {roleLabel(property.owner.role)}</span>
          </span>
          <span className="muted" style={{ marginLeft: 'auto' }}>
            👁 {property.views} views
          </span>
        </div>
      </div>
    </article>
  );
};
