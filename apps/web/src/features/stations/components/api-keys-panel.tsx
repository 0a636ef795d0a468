import { formatDateTime, type TApiKeyCreated } from '@forecourt/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { FormError, useCan } from '../../auth';
import { useApiKeyActions, useApiKeys } from '../queries';

/**
 * A station's data feed: the ingest keys its forecourt controller or back office sends data with.
 * A new key's secret is shown once, with the request that uses it; revoked keys stay listed.
 */
export function ApiKeysPanel({ slug }: { slug: string }) {
  const keys = useApiKeys(slug);
  const { create, revoke } = useApiKeyActions(slug);
  const canCreate = useCan('apikeys:c');
  const canRevoke = useCan('apikeys:d');
  const [name, setName] = useState('Forecourt controller');
  const [issued, setIssued] = useState<TApiKeyCreated | null>(null);

  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), { onSuccess: setIssued });
  };

  return (
    <Stack gap="lg">
      <Text c="dimmed" maw={720}>
        The station sends its fills, payments, number-plate reads, nozzle states and queue samples to{' '}
        <Code>POST /api/ingest</Code> with one of these keys. Give each system its own key, so one can be
        revoked without stopping the others.
      </Text>

      {issued ? <IssuedKey created={issued} onDone={() => setIssued(null)} /> : null}

      {canCreate ? (
        <form onSubmit={handleCreate} aria-label="Issue an ingest key">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Key name"
              description="Which system will use it"
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
            />
            <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
              Issue a key
            </Button>
          </Group>
          <FormError error={create.error} context="general" />
        </form>
      ) : null}

      {keys.data ? (
        keys.data.results.length === 0 ? (
          <Text>No keys yet: the station cannot send data until it has one.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label="Ingest keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.results.map((key) => (
                  <Table.Tr key={key.id} data-testid="api-key-row">
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td>
                      <Code>{key.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
                    <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
                    <Table.Td>
                      {key.revokedAt ? (
                        <Badge color="gray" variant="light">
                          Revoked
                        </Badge>
                      ) : canRevoke ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          loading={revoke.isPending && revoke.variables === key.id}
                          onClick={() => revoke.mutate(key.id)}
                          aria-label={`Revoke the key ${key.name}`}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : keys.isError ? (
        <ErrorState
          title="Could not load the keys"
          error={keys.error}
          onRetry={() => keys.refetch()}
          isRetrying={keys.isFetching}
        />
      ) : (
        <LoadingState label="Loading keys…" />
      )}
    </Stack>
  );
}

function IssuedKey({ created, onDone }: { created: TApiKeyCreated; onDone: () => void }) {
  const example = `curl -X POST ${window.location.origin}/api/ingest \\
  -H 'Authorization: ApiKey ${created.secret}' \\
  -H 'Content-Type: application/json' \\
  -d '{"congestionSamples":[{"sourceId":"first-sample","lane":1,"queueLength":2,"waitSeconds":90,"sampledAt":"${new Date().toISOString()}"}]}'`;
  return (
    <Paper withBorder p="md" radius="md" role="status">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your new key
        </Title>
        <Alert color="yellow" variant="light">
          Copy it now: it is shown only once. Anyone with it can send data for this station.
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere' }} data-testid="api-key-secret">
            {created.secret}
          </Code>
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">A first request to check it works:</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {example}
        </Code>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
