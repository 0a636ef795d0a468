import { createLazyRoute } from '@tanstack/react-router';
import { StationListScreen } from '../../../features/operations/components/station-list-screen';
import { PAYMENTS_LIST } from '../../../features/operations/station-lists';

export const Route = createLazyRoute('/shell/stations/$slug/payments')({ component: StationPayments });

/** /stations/$slug/payments: payments received at the station in a window, newest first. */
function StationPayments() {
  return <StationListScreen slug={Route.useParams().slug} search={Route.useSearch()} list={PAYMENTS_LIST} />;
}
