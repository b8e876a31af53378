import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children only once their place is near the viewport (IntersectionObserver,
 * `margin` as its rootMargin), so something further down a page costs nothing while the page
 * first loads: its code, its request and its drawing wait until the reader scrolls towards it
 * (a map's start-up is seconds of main-thread work on a budget phone; docs/PERFORMANCE.md).
 * Until then an empty element holds the place (`className` gives it a size).
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
