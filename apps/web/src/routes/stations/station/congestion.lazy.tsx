import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/congestion')({ component: StationCongestion });

function StationCongestion() {
  return (
    <PlaceholderPanel
      title="Congestion"
      summary="How busy the forecourt is, from the vehicle sightings at the entry and the lanes."
      planned={[
        'Vehicles waiting and average wait time through the day',
        'Busiest hours of the week as a heat map',
        'Time window: last 24 hours by default',
      ]}
    />
  );
}
