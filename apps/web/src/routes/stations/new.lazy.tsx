import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { StationForm } from '../../features/stations/components/station-form';

export const Route = createLazyRoute('/shell/stations/new')({ component: AddStationPage });

/** /stations/new: an admin adds a station; its data feed (ingest key) is the next step. */
function AddStationPage() {
  useDocumentTitle('Add a station · Forecourt');
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Add a station"
        description="Where it is, its brand, and the dispensers on its forecourt. You can issue its data key next."
      />
      <StationForm
        onCreated={(station) =>
          navigate({
            to: '/stations/$slug/ingest',
            params: { slug: station.slug },
            search: { welcome: '1' },
          })
        }
      />
    </Stack>
  );
}
