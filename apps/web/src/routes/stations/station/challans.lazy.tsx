import { createLazyRoute } from '@tanstack/react-router';
import { StationListScreen } from '../../../features/operations/components/station-list-screen';
import { CHALLANS_LIST } from '../../../features/operations/station-lists';

export const Route = createLazyRoute('/shell/stations/$slug/challans')({ component: StationChallans });

/** /stations/$slug/challans: traffic e-challans of vehicles served here, latest first. */
function StationChallans() {
  return <StationListScreen slug={Route.useParams().slug} search={Route.useSearch()} list={CHALLANS_LIST} />;
}
