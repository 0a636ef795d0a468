import { createLazyRoute } from '@tanstack/react-router';
import { StationListScreen } from '../../../features/operations/components/station-list-screen';
import { CUSTOMERS_LIST } from '../../../features/operations/station-lists';

export const Route = createLazyRoute('/shell/stations/$slug/customers')({ component: StationCustomers });

/** /stations/$slug/customers: known customers who bought here in the window, biggest buyers first. */
function StationCustomers() {
  return <StationListScreen slug={Route.useParams().slug} search={Route.useSearch()} list={CUSTOMERS_LIST} />;
}
