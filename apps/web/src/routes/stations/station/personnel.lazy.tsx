import { createLazyRoute } from '@tanstack/react-router';
import { PersonnelScreen } from '../../../features/personnel/components/personnel-screen';

export const Route = createLazyRoute('/shell/stations/$slug/personnel')({ component: StationPersonnel });

/** /stations/$slug/personnel: the station's staff. */
function StationPersonnel() {
  return <PersonnelScreen slug={Route.useParams().slug} search={Route.useSearch()} />;
}
