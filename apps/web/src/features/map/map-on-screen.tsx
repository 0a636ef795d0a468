import { Center, Group, Loader, Text } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import classes from './map.module.css';

/** The place of a map while its code loads (or until it is on screen). */
export function MapLoading({ label, height }: { label: string; height: number | string }) {
  return (
    <Center className={classes.frame} style={{ height }} role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        {/* The body's text colour: dimmed grey falls below 4.5:1 on the map's light sea colour. */}
        <Text size="sm">{label}</Text>
      </Group>
    </Center>
  );
}

/** How far outside the viewport a map starts loading, so a short scroll finds it ready. */
const AHEAD = '200px';

/**
 * Renders a lazily loaded map only once its place is on screen (or within {@link AHEAD} of it):
 * until then, and while MapLibre (≈300 kB gzip) downloads, a placeholder of the map's height
 * holds the place. A map below the fold costs nothing until the user scrolls to it, and one on
 * screen starts loading after the page's figures have painted (intersection observers report
 * after a frame), so the map never delays the numbers. Without IntersectionObserver (old
 * browsers) the map loads at once.
 */
export function MapOnScreen({
  label = 'Loading the map…',
  height,
  children,
}: {
  label?: string;
  height: number | string;
  children: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [onScreen, setOnScreen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = place.current;
    if (onScreen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setOnScreen(true);
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onScreen]);

  const placeholder = <MapLoading label={label} height={height} />;
  if (!onScreen)
    return (
      <div ref={place} data-testid="map-waiting">
        {placeholder}
      </div>
    );
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
