import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/assets')({ component: StationAssets });

function StationAssets() {
  return (
    <PlaceholderPanel
      title="Assets"
      summary="The equipment registered at this station."
      planned={[
        'Dispensers with their nozzles, fuels and meter readings',
        'Tanks with capacity, current stock and the last dip',
        'Service history and warranty dates for each asset',
      ]}
    />
  );
}
