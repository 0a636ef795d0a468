import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/metrics')({ component: StationMetrics });

function StationMetrics() {
  return (
    <PlaceholderPanel
      title="Metrics"
      summary="Charts of this station over time."
      planned={[
        'Volume and revenue by fuel and by hour',
        'Payment mode mix and average ticket size',
        'Dispenser uptime; time window: last 24 hours by default',
      ]}
    />
  );
}
