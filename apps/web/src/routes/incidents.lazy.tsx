import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { PlaceholderPanel } from '../components/placeholder-panel';

export const Route = createLazyRoute('/shell/incidents')({ component: IncidentsPage });

function IncidentsPage() {
  useDocumentTitle('Incidents · Forecourt');
  return (
    <Stack gap="lg">
      <PageHeader title="Incidents" description="Problems reported across the network." />
      <PlaceholderPanel
        title="Incident list"
        summary="Incidents from every station, newest first."
        planned={[
          'Filters by station, group, status and type; sorted by when they opened',
          'Dispenser faults, stock-outs, safety reports and payment outages',
          'Open an incident to see its timeline and who is handling it',
        ]}
      />
    </Stack>
  );
}
