import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { OrganizationsScreen } from '../features/organizations/components/organizations-screen';

export const Route = createLazyRoute('/shell/organizations')({ component: OrganizationsPage });

function OrganizationsPage() {
  useDocumentTitle('Organisations · Forecourt');
  return <OrganizationsScreen search={Route.useSearch()} />;
}
