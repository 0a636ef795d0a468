import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { PlaceholderPanel } from '../components/placeholder-panel';

export const Route = createLazyRoute('/shell/vehicles')({ component: VehiclesPage });

function VehiclesPage() {
  useDocumentTitle('Vehicles · Forecourt');
  return (
    <Stack gap="lg">
      <PageHeader title="Vehicles" description="Vehicles seen and served across the network." />
      <PlaceholderPanel
        title="Vehicle list"
        summary="Every vehicle served, most recent first."
        planned={[
          'Registration, class, the stations it visited and what it bought',
          'Fleet vehicles and their cards',
          'Time window: last 24 hours by default, up to 180 days',
        ]}
      />
    </Stack>
  );
}
