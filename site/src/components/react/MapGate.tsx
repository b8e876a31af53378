import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { text } from '../../lib/i18n.ts';
import { $dataSaver } from '../../stores/dataSaver.ts';

/**
 * Renders its children only once their place is near the viewport (IntersectionObserver,
 * `margin` as its rootMargin), so something further down a page costs nothing while the page
 * first loads: its code, its request and its drawing wait until the reader scrolls towards it
 * (a map's start-up is seconds of main-thread work on a budget phone; docs/PERFORMANCE.md).
 * Until then an empty element holds the place (`className` gives it a size). It lives here,
 * beside its first user: a module of its own was a chunk of its own on the listing's first load.
 */
export const WhenNear = ({
  children,
  margin,
  className,
  testId,
}: {
  children: ReactNode;
  margin: string;
  className?: string;
  testId: string;
}) => {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const at = spot.current;
    if (near || !at) return;
    if (!('IntersectionObserver' in window)) return setNear(true);
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    watch.observe(at);
    return () => watch.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={spot} className={className} data-testid={testId} />;
};

/**
 * How near the viewport a map below the fold starts loading: just before it shows. Earlier (a
 * screen ahead) put a listing's map, under its photos and details on a phone, inside the margin
 * at once, and MapLibre's start-up back into the page's first seconds (bench:lighthouse).
 */
const NEAR = '100px 0px';

/**
 * With the data saver on, a map (its code, style and tiles) loads only once asked for; the
 * children are not even rendered until then, so nothing of the map is fetched. `whenNear`: a
 * map down the page also waits until it is scrolled near.
 */
export const MapGate = ({
  children,
  whenNear = false,
}: {
  children: ReactNode;
  whenNear?: boolean;
}) => {
  const saving = useStore($dataSaver);
  const [asked, setAsked] = useState(false);
  if (!saving || asked)
    return whenNear ? (
      <WhenNear margin={NEAR} className="map-pending" testId="map-pending">
        {children}
      </WhenNear>
    ) : (
      children
    );
  return (
    <div className="map-held" data-testid="map-held">
      <p className="muted">{text('common.dataSaver.mapHeld')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setAsked(true)}>
        {text('common.dataSaver.showMap')}
      </button>
    </div>
  );
};
