import type { TActivityItem, TExecutionDetail } from '@forecourt/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notifyKeys, useActivity, useActivityDetail } from '../queries';
import { QueryBody } from './query-body';
import { Field, TabTable } from './tab-table';

const JOB_COLORS: Record<string, string> = {
  completed: 'green',
  failed: 'red',
  canceled: 'gray',
  skipped: 'gray',
  merged: 'violet',
  delayed: 'yellow',
  queued: 'blue',
  pending: 'blue',
  running: 'blue',
};

const GROUPS = [
  { group: 'error', label: 'Errors', color: 'red' },
  { group: 'success', label: 'Success', color: 'green' },
  { group: 'info', label: 'Info', color: 'blue' },
] as const;

function JobCounts({ jobs }: { jobs: Record<string, number> }) {
  const entries = Object.entries(jobs);
  if (entries.length === 0)
    return (
      <Text size="xs" c="dimmed">
        no jobs
      </Text>
    );
  return (
    <Group gap={4}>
      {entries.map(([status, n]) => (
        <Badge key={status} size="sm" variant="light" color={JOB_COLORS[status] ?? 'gray'}>
          {n} {status}
        </Badge>
      ))}
    </Group>
  );
}

function DetailGroup({
  details,
  label,
  color,
}: {
  details: TExecutionDetail[];
  label: string;
  color: string;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`execution-${label.toLowerCase()}`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={color} variant="filled" size="sm">
            {details.length}
          </Badge>
          <Text size="sm" fw={600}>
            {label}
          </Text>
        </Group>
        {details.length === 0 ? (
          <Text size="xs" c="dimmed">
            None
          </Text>
        ) : (
          details.map((detail) => (
            <Stack key={detail._id} gap={0} data-testid="execution-detail">
              <Text size="sm">
                <Code>{detail.code}</Code> {detail.detail}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  detail.channel,
                  detail.subscriberId && `subscriber ${detail.subscriberId}`,
                  detail.status,
                  formatDateTime(detail.createdAt),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

function ActivityDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useActivityDetail(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title="Trigger details" size="xl">
      <QueryBody query={detail} errorTitle="Could not load the trigger" loadingLabel="Loading the trigger…">
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Field label="Workflow">
                {data.workflowName ?? data.triggerIdentifier} (<Code>{data.triggerIdentifier}</Code>)
              </Field>
              <Field label="Transaction">
                <Code>{data.transactionId}</Code>
              </Field>
              <Field label="Status">
                {data.status}
                {data.canceledAt ? ` (canceled ${formatDateTime(data.canceledAt)})` : ''}
              </Field>
              <Field label="Triggered">{formatDateTime(data.createdAt)}</Field>
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Payload
              </Text>
              <Code block>{JSON.stringify(data.payload, null, 2)}</Code>
            </Stack>
            <Title order={3} size="h5">
              Jobs
            </Title>
            {data.jobs.length === 0 ? (
              <Text size="sm" c="dimmed">
                No jobs.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560} type="native">
                <Table verticalSpacing={4} data-testid="activity-jobs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Subscriber</Table.Th>
                      <Table.Th>Step</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Run at / error</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.jobs.map((job) => (
                      <Table.Tr key={job._id}>
                        <Table.Td>
                          <Text size="sm">{job.subscriberId}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {job.stepIndex + 1}. {job.type}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={JOB_COLORS[job.status] ?? 'gray'}>
                            {job.status}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c={job.error ? 'red' : 'dimmed'}>
                            {job.error ?? (job.runAt ? formatDateTime(job.runAt) : '')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {data.jobsTruncated && (
              <Text size="xs" c="dimmed">
                Only the first 500 jobs are shown.
              </Text>
            )}
            <Title order={3} size="h5">
              Execution details
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
              {GROUPS.map(({ group, label, color }) => (
                <DetailGroup
                  key={group}
                  label={label}
                  color={color}
                  details={data.executionDetails.filter((detail) => detail.group === group)}
                />
              ))}
            </SimpleGrid>
            {data.executionDetailsTruncated && (
              <Alert variant="light" color="gray">
                Only the first 1,000 execution details are shown.
              </Alert>
            )}
          </Stack>
        )}
      </QueryBody>
    </Modal>
  );
}

/** Every trigger, newest first, each opening its jobs and execution details. */
export function ActivityTab() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const activity = useActivity(cursor);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const data = activity.data;

  const row = (item: TActivityItem) => (
    <Table.Tr key={item._id} data-testid="activity-row">
      <Table.Td>
        <UnstyledButton onClick={() => setOpen(item._id)} aria-label={`Open trigger ${item.transactionId}`}>
          <Text size="sm" fw={500} c="var(--mantine-color-anchor)">
            {item.triggerIdentifier}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {item.transactionId}
          </Text>
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(item.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="dot" color={item.canceledAt ? 'gray' : item.errors > 0 ? 'red' : 'green'}>
          {item.canceledAt ? 'canceled' : item.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.notifications}</Text>
      </Table.Td>
      <Table.Td>
        <JobCounts jobs={item.jobs} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={item.errors > 0 ? 'red' : 'dimmed'}>
          {item.errors}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Triggers, newest first. Open one to see its jobs and execution details.
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={activity.isFetching && !activity.isPending}
          onClick={() => {
            setCursors([]);
            void queryClient.invalidateQueries({ queryKey: notifyKeys.activity() });
          }}
        >
          Refresh
        </Button>
      </Group>
      <TabTable
        query={activity}
        loadingLabel="Loading the activity…"
        errorTitle="Could not load the activity"
        emptyTitle="Nothing triggered yet"
        headers={['Trigger', 'When', 'Status', 'Notifications', 'Jobs', 'Errors']}
        testId="activity-table"
        minWidth={760}
      >
        {(rows) => rows.map(row)}
      </TabTable>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={cursors.length === 0 || activity.isPlaceholderData}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!data?.nextCursor || activity.isPlaceholderData}
          onClick={() => data?.nextCursor && setCursors((list) => [...list, data.nextCursor as string])}
        >
          Older
        </Button>
      </Group>
      <ActivityDetail id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
