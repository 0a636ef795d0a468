import { createLazyRoute } from '@tanstack/react-router';
import { StationListScreen } from '../../../features/operations/components/station-list-screen';
import { SIGHTINGS_LIST } from '../../../features/operations/station-lists';

export const Route = createLazyRoute('/shell/stations/$slug/vehicles')({ component: StationVehicles });

/** /stations/$slug/vehicles: the station's ANPR reads in a window, latest first. */
function StationVehicles() {
  return <StationListScreen slug={Route.useParams().slug} search={Route.useSearch()} list={SIGHTINGS_LIST} />;
}
