import { createLazyRoute } from '@tanstack/react-router';
import { PlaceholderPanel } from '../../../components/placeholder-panel';

export const Route = createLazyRoute('/shell/stations/$slug/transactions')({
  component: StationTransactions,
});

function StationTransactions() {
  return (
    <PlaceholderPanel
      title="Transactions"
      summary="Every sale at this station, newest first."
      planned={[
        'Time, nozzle, fuel, quantity, amount in ₹ and payment mode',
        'Filters by payment mode, fuel and dispenser',
        'Time window up to 366 days',
      ]}
    />
  );
}
