import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { IncidentDetailScreen } from '../features/incidents/components/incident-detail';

export const Route = createLazyRoute('/shell/incidents/$id')({ component: IncidentPage });

function IncidentPage() {
  const { id } = Route.useParams();
  useDocumentTitle(`Incident · Forecourt`);
  return <IncidentDetailScreen id={Number(id)} />;
}
