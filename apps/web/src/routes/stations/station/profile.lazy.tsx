import { createLazyRoute } from '@tanstack/react-router';
import { StationProfileScreen } from '../../../features/station-profiles/components/station-profile-screen';

export const Route = createLazyRoute('/shell/stations/$slug/profile')({ component: StationProfile });

/** /stations/$slug/profile: the station's public profile; admins edit it. */
function StationProfile() {
  return <StationProfileScreen slug={Route.useParams().slug} />;
}
