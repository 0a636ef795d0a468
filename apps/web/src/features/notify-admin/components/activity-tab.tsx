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
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/format';
import type { TActivityItem, TExecutionDetail } from '../api';
import { notifyKeys, useActivity, useActivityDetail } from '../queries';

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
  const data = detail.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title="Trigger details" size="xl">
      {!data ? (
        detail.isError ? (
          <ErrorState title="Could not load the trigger" error={detail.error} />
        ) : (
          <LoadingState label="Loading the trigger…" />
        )
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">
              <Text span c="dimmed">
                Workflow:{' '}
              </Text>
              {data.workflowName ?? data.triggerIdentifier} (<Code>{data.triggerIdentifier}</Code>)
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Transaction:{' '}
              </Text>
              <Code>{data.transactionId}</Code>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Status:{' '}
              </Text>
              {data.status}
              {data.canceledAt ? ` (canceled ${formatDateTime(data.canceledAt)})` : ''}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Triggered:{' '}
              </Text>
              {formatDateTime(data.createdAt)}
            </Text>
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
          <Text size="sm" fw={500} c="var(--mantine-primary-color-filled)">
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
      <Paper withBorder radius="md" p={data?.data.length ? 0 : 'md'}>
        {!data ? (
          activity.isError ? (
            <ErrorState
              title="Could not load the activity"
              error={activity.error}
              onRetry={() => activity.refetch()}
            />
          ) : (
            <LoadingState label="Loading the activity…" />
          )
        ) : data.data.length === 0 ? (
          <EmptyResult title="Nothing triggered yet" />
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="sm" highlightOnHover data-testid="activity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Trigger</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Notifications</Table.Th>
                  <Table.Th>Jobs</Table.Th>
                  <Table.Th>Errors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{data.data.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
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
