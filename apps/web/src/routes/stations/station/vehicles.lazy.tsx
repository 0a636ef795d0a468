import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/vehicles')({ component: StationVehicles });

function StationVehicles() {
  return (
    <PlaceholderPanel
      title="Vehicles"
      summary="Vehicles served at this station, newest first."
      planned={[
        'Registration, vehicle class, fuel, quantity and amount for each visit',
        'Repeat visitors and fleet vehicles',
        'Time window: last 24 hours by default, up to 180 days',
      ]}
    />
  );
}
