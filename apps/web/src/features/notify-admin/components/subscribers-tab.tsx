import type { TNotifySubscriber } from '@forecourt/contracts';
import { Button, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useSubscribers } from '../queries';
import { fullName, SubscriberDetail } from './subscriber-detail';
import { TabTable } from './tab-table';

/** Subscribers: newest first, paged, or found by id or email; each opens its profile and preferences. */
export function SubscribersTab() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const subscribers = useSubscribers(page, query);
  const [open, setOpen] = useState<TNotifySubscriber | null>(null);
  const data = subscribers.data;
  return (
    <Stack gap="md">
      <TextInput
        aria-label="Search subscribers"
        placeholder="Search by subscriber id or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        w={340}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
      />
      <TabTable
        query={subscribers}
        loadingLabel="Loading subscribers…"
        errorTitle="Could not load subscribers"
        emptyTitle={query ? 'No subscriber matches' : 'No subscribers yet'}
        headers={['Subscriber id', 'Name', 'Email', 'Since']}
        testId="subscribers-table"
        minWidth={640}
      >
        {(rows) =>
          rows.map((subscriber) => (
            <Table.Tr key={subscriber._id} data-testid="subscriber-row">
              <Table.Td>
                <UnstyledButton onClick={() => setOpen(subscriber)}>
                  <Text size="sm" fw={500} ff="monospace" c="var(--mantine-color-anchor)">
                    {subscriber.subscriberId}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{fullName(subscriber) || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{subscriber.email ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(subscriber.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </TabTable>
      {!query && data && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.totalCount} subscribers
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} aria-hidden />}
              disabled={page === 0 || subscribers.isPlaceholderData}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden />}
              disabled={!data.hasMore || subscribers.isPlaceholderData}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </Group>
        </Group>
      )}
      <SubscriberDetail subscriber={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
