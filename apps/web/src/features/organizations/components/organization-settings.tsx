import {
  FUELS,
  type TAuditEntry,
  type TFuel,
  type TOrganizationDetail,
  ZOrganizationUpdate,
} from '@forecourt/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { AuditTrail } from '../../../components/audit-trail';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { describeError, ErrorState, LoadingState } from '../../../components/query-states';
import { formatNumber } from '../../../lib/format';
import { useCan } from '../../auth';
import { FUEL_LABELS, KIND_LABELS } from '../labels';
import { useCurrentOrganization, useUpdateOrganization } from '../queries';

function describeEntry(entry: TAuditEntry): string {
  if (entry.action === 'organization.created') return 'Organisation created';
  const changes = (entry.data.changes as Record<string, { from: unknown; to: unknown }> | undefined) ?? {};
  const parts = Object.entries(changes).map(([field, change]) =>
    field === 'name' ? `Renamed from “${String(change.from)}” to “${String(change.to)}”` : `Changed ${field}`,
  );
  return parts.join('; ') || entry.action;
}

/** /settings/organization: the organisation's name and fuels (admins edit, members read). */
export function OrganizationSettings() {
  const organization = useCurrentOrganization();
  const canMembers = useCan('members:r');
  if (!organization.data) {
    return (
      <Stack gap="md">
        <PageHeader title="Organisation settings" />
        {organization.isError ? (
          <ErrorState
            title="Could not load the organisation"
            error={organization.error}
            onRetry={() => organization.refetch()}
          />
        ) : (
          <LoadingState label="Loading the organisation…" />
        )}
      </Stack>
    );
  }
  const data = organization.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Organisation settings"
        description={`${KIND_LABELS[data.kind]} · ${formatNumber(data.stationCount)} stations · ${formatNumber(data.memberCount)} members`}
        actions={
          canMembers && (
            <ButtonLink
              to="/settings/members"
              variant="default"
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              Members
            </ButtonLink>
          )
        }
      />
      <SettingsForm key={data.id} organization={data} />
      <AuditTrail entries={data.audit} describe={describeEntry} />
    </Stack>
  );
}

function SettingsForm({ organization }: { organization: TOrganizationDetail }) {
  const canEdit = useCan('organizations:u');
  const update = useUpdateOrganization();
  const [name, setName] = useState(organization.name);
  const [fuels, setFuels] = useState<string[]>(organization.fuels);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Organisation settings"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZOrganizationUpdate.safeParse({
          name,
          fuels: FUELS.filter((fuel) => fuels.includes(fuel)),
        });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Check the name');
          return;
        }
        setError(null);
        setSaved(false);
        update.mutate(parsed.data, { onSuccess: () => setSaved(true) });
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          General
        </Title>
        <TextInput
          label="Organisation name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setSaved(false);
          }}
          error={error}
          maxLength={120}
          readOnly={!canEdit}
          maw={480}
        />
        <Checkbox.Group
          label="Fuels sold"
          description="Across the organisation’s stations."
          value={fuels}
          onChange={(next) => {
            setFuels(next as TFuel[]);
            setSaved(false);
          }}
        >
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" mt={6}>
            {FUELS.map((fuel) => (
              <Checkbox key={fuel} value={fuel} label={FUEL_LABELS[fuel]} disabled={!canEdit} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {describeError(update.error)}
          </Alert>
        )}
        {saved && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            Settings saved.
          </Alert>
        )}
        {canEdit ? (
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save settings
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only admins can change these settings.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
