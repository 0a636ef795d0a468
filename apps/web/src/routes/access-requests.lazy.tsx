import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { AccessRequestsScreen } from '../features/access-requests/components/access-requests-screen';

export const Route = createLazyRoute('/shell/access-requests')({ component: AccessRequestsPage });

function AccessRequestsPage() {
  useDocumentTitle('Access requests · Forecourt');
  return <AccessRequestsScreen search={Route.useSearch()} />;
}
