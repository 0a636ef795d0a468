import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { IncidentsScreen } from '../features/incidents/components/incidents-screen';

export const Route = createLazyRoute('/shell/incidents')({ component: IncidentsPage });

function IncidentsPage() {
  useDocumentTitle('Incidents · Forecourt');
  return <IncidentsScreen search={Route.useSearch()} />;
}
