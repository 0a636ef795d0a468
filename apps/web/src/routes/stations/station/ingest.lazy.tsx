import { Alert, Stack, Title } from '@mantine/core';
import { createLazyRoute } from '@tanstack/react-router';
import { ApiKeysPanel } from '../../../features/stations/components/api-keys-panel';

export const Route = createLazyRoute('/shell/stations/$slug/ingest')({ component: StationDataFeed });

/** /stations/$slug/ingest: the station's ingest keys (admins). */
function StationDataFeed() {
  const { slug } = Route.useParams();
  const { welcome } = Route.useSearch();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Data feed
      </Title>
      {welcome ? (
        <Alert color="green" variant="light" title="The station is added">
          Issue a key below for the system that will send its data.
        </Alert>
      ) : null}
      <ApiKeysPanel slug={slug} />
    </Stack>
  );
}
