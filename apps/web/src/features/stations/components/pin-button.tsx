import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useStationPins, useTogglePin } from '../pins';

/**
 * The star that pins a station (favourites come first on the station list and the home page).
 * A pressed toggle: its name says which station, its state whether it is pinned.
 */
export function StationPinButton({
  slug,
  name,
  size = 'md',
}: {
  slug: string;
  name: string;
  size?: 'md' | 'lg';
}) {
  const pins = useStationPins();
  const toggle = useTogglePin();
  // Until the pins load (or when they cannot), there is nothing to toggle from.
  if (!pins.data) return null;
  const pinned = pins.data.results.some((pin) => pin.slug === slug);
  const label = pinned ? `Unpin ${name}` : `Pin ${name}`;
  const onClick = (event: MouseEvent) => {
    // A row of the list opens the station on click: the star is not that click.
    event.stopPropagation();
    toggle.mutate({ slug, name, pinned: !pinned });
  };
  return (
    <Tooltip label={pinned ? 'Unpin station' : 'Pin station'}>
      <ActionIcon
        variant="subtle"
        color={pinned ? 'yellow' : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={pinned}
        onClick={onClick}
        data-testid="station-pin"
      >
        {pinned ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} stroke={1.6} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
