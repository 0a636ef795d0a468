import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { OrganizationSettings } from '../../features/organizations/components/organization-settings';

export const Route = createLazyRoute('/shell/settings/organization')({ component: OrganizationSettingsPage });

/** /settings/organization: name and fuels of the organisation; members are at /settings/members. */
function OrganizationSettingsPage() {
  useDocumentTitle('Organisation settings · Forecourt');
  return <OrganizationSettings />;
}
