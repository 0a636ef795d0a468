import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { ProfileListScreen } from '../features/station-profiles/components/profile-list-screen';

export const Route = createLazyRoute('/shell/station-profiles')({ component: StationProfilesPage });

function StationProfilesPage() {
  useDocumentTitle('Station profiles · Forecourt');
  return <ProfileListScreen search={Route.useSearch()} />;
}
