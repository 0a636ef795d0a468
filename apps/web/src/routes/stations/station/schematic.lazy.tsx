import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/schematic')({ component: StationSchematic });

function StationSchematic() {
  return (
    <PlaceholderPanel
      title="Schematic"
      summary="A plan of the forecourt, drawn from the station layout."
      planned={[
        'Lanes, islands, dispensers and their nozzles, tanks and the canopy outline',
        'Each dispenser coloured by its live state (idle, dispensing, fault, offline)',
        'Select a dispenser to open its recent transactions and incidents',
      ]}
    />
  );
}
