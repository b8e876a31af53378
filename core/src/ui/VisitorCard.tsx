/**
 * The visitor card of SPEC §2, the one markup for every place a visitor sees
 * a listing: the site's React islands, /browse (the site's renderToDom.ts,
 * without React's runtime) and the pre-rendered city pages (react-dom/server,
 * in the projections). So it stays a pure render: no hooks, no browser APIs,
 * no event handlers. Its words come from `t`, in the page's language: the
 * site's `format` (site/src/lib/i18nFormat.ts), or a server translator's `t`.
 */
import type { TermsId } from '../i18n/terms.ts';
import { propertyTypeLabel } from './labels.ts';
import { loginUrlFor } from './loginUrl.ts';
import { OwnerLine } from './OwnerLine.tsx';
import { ResponsiveImage, type PhotoSource } from './ResponsiveImage.tsx';
import { Icon } from './Icon.tsx';

export type CardPhoto = PhotoSource & { width?: number; height?: number };

/**
 * What the card shows. The public-site generator's listing model
 * (PublicListing: id, title, propertyType, city, owner, views, images) fits
 * it as it is; the site's API shape goes through its `visitorListingOf`.
 */
export type VisitorCardListing = {
  id: string;
  title: string;
  propertyType: string;
  city: string;
  owner: { name: string; role: string };
  views: number;
  images: readonly CardPhoto[];
};

/** The card's words: the `card.visitor.*` messages and the `terms` labels (type, who lists). */
export type CardText = (
  id: 'card.visitor.hint' | 'card.visitor.views' | TermsId,
  values?: Record<string, number>,
) => string;

export type VisitorCardProps = {
  listing: VisitorCardListing;
  t: CardText;
  /** The card titles' level in the page's outline: h3 on the site's screens, h2 on the city pages. */
  headingLevel?: 2 | 3;
  /** For the first cards of a page: load the photo at once, with high priority. */
  eager?: boolean;
  /** The page's largest paint (the first card): fetched first. As `eager` unless said. */
  priority?: boolean;
  /** A site path in the page's language ('/login' → '/hi/login'); as it is on English pages. */
  href?: (path: string) => string;
};

const asItIs = (path: string) => path;

/** No rent, no contact; the title's link stretches over the whole card and leads to /login. */
export const VisitorCard = ({
  listing,
  t,
  headingLevel = 3,
  eager = false,
  priority = eager,
  href = asItIs,
}: VisitorCardProps) => {
  const hint = t('card.visitor.hint');
  const image = listing.images[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="property-card visitor-card" data-testid="public-card" title={hint}>
      <div className="carousel">
        {image ? (
          <ResponsiveImage
            image={image}
            alt={image.caption || listing.title}
            width={image.width}
            height={image.height}
            eager={eager}
            priority={priority}
          />
        ) : (
          <div className="no-image" aria-hidden="true">
            <Icon name="home" />
          </div>
        )}
        <span className="badge badge-type">{propertyTypeLabel(t, listing.propertyType)}</span>
      </div>
      <span className="hover-hint" aria-hidden="true">
        {hint}
      </span>
      <div className="property-card-body">
        <Heading className="card-title">
          {/* The owner's own words: never machine-translated. */}
          <a href={href(loginUrlFor(href(`/properties/${listing.id}`)))} translate="no">
            {listing.title}
          </a>
        </Heading>
        <p className="muted card-city">{listing.city}</p>
        <OwnerLine owner={listing.owner} t={t}>
          <span className="muted card-views">
            <Icon name="eye" /> {t('card.visitor.views', { n: listing.views })}
          </span>
        </OwnerLine>
      </div>
    </article>
  );
};
