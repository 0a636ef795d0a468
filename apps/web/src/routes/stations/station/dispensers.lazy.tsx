import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/assets/dispensers')({
  component: StationDispensers,
});

function StationDispensers() {
  return (
    <PlaceholderPanel
      title="Dispensers"
      summary="Every dispenser of this station and the nozzles on it."
      planned={[
        'Dispenser and nozzle list with fuel, status and last heartbeat',
        'Totaliser readings and litres dispensed today per nozzle',
        'Faults and calibration due dates',
      ]}
    />
  );
}
