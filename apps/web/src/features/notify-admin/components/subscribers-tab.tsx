import type { TNotifySubscriber } from '@forecourt/contracts';
import { NOTIFY_CHANNELS } from '@forecourt/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../auth';
import {
  useAddTopicSubscribers,
  useCreateTopic,
  useRemoveTopicSubscribers,
  useSubscriberPreferences,
  useSubscribers,
  useTopic,
  useTopics,
} from '../queries';
import { CHANNEL_LABELS } from './integrations-tab';
import { QueryBody } from './query-body';
import { Field, TabTable } from './tab-table';

const fullName = (s: TNotifySubscriber) => [s.firstName, s.lastName].filter(Boolean).join(' ');

function OnOff({ on }: { on: boolean | undefined }) {
  return (
    <Badge size="xs" variant="light" color={on === false ? 'gray' : 'green'}>
      {on === false ? 'off' : 'on'}
    </Badge>
  );
}

function SubscriberDetail({
  subscriber,
  onClose,
}: {
  subscriber: TNotifySubscriber | null;
  onClose: () => void;
}) {
  const preferences = useSubscriberPreferences(subscriber?.subscriberId ?? null);
  return (
    <Modal
      opened={subscriber !== null}
      onClose={onClose}
      title={`Subscriber ${subscriber?.subscriberId ?? ''}`}
      size="lg"
    >
      {subscriber && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="xs">
            <Field label="Name">{fullName(subscriber) || '—'}</Field>
            <Field label="Email">{subscriber.email ?? '—'}</Field>
            <Field label="Phone">{subscriber.phone ?? '—'}</Field>
            <Field label="Online">
              {subscriber.isOnline
                ? 'now'
                : subscriber.lastOnlineAt
                  ? `last ${formatDateTime(subscriber.lastOnlineAt)}`
                  : 'never'}
            </Field>
          </SimpleGrid>
          <Title order={3} size="h5">
            Preferences
          </Title>
          <QueryBody
            query={preferences}
            errorTitle="Could not load the preferences"
            loadingLabel="Loading preferences…"
          >
            {(data) => (
              <Table verticalSpacing={4} data-testid="subscriber-preferences">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Workflow</Table.Th>
                    <Table.Th>Enabled</Table.Th>
                    {NOTIFY_CHANNELS.map((channel) => (
                      <Table.Th key={channel}>{CHANNEL_LABELS[channel]}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        All workflows (global)
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <OnOff on={data.global?.enabled} />
                    </Table.Td>
                    {NOTIFY_CHANNELS.map((channel) => (
                      <Table.Td key={channel}>
                        <OnOff on={data.global?.channels[channel]} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  {data.workflows.map((entry) => (
                    <Table.Tr key={entry.template._id}>
                      <Table.Td>
                        <Text size="sm">
                          {entry.template.name}
                          {entry.template.critical && (
                            <Badge ml={6} size="xs" color="red" variant="light">
                              critical
                            </Badge>
                          )}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <OnOff on={entry.preference.enabled} />
                      </Table.Td>
                      {NOTIFY_CHANNELS.map((channel) => (
                        <Table.Td key={channel}>
                          {entry.preference.channels[channel] === undefined ? (
                            <Text size="xs" c="dimmed">
                              —
                            </Text>
                          ) : (
                            <OnOff on={entry.preference.channels[channel]} />
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryBody>
        </Stack>
      )}
    </Modal>
  );
}

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

const splitIds = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);

function TopicDetail({ topicKey, onClose }: { topicKey: string | null; onClose: () => void }) {
  const canUpdate = useCan('notifications:u');
  const topic = useTopic(topicKey);
  const add = useAddTopicSubscribers();
  const remove = useRemoveTopicSubscribers();
  const [ids, setIds] = useState('');
  const [notFound, setNotFound] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!topicKey || splitIds(ids).length === 0) return;
    add.mutate(
      { key: topicKey, subscribers: splitIds(ids) },
      {
        onSuccess: (result) => {
          setIds('');
          setNotFound(result.failed?.notFound ?? []);
        },
      },
    );
  };
  return (
    <Modal opened={topicKey !== null} onClose={onClose} title={`Topic ${topicKey ?? ''}`} size="lg">
      <QueryBody query={topic} errorTitle="Could not load the topic" loadingLabel="Loading the topic…">
        {(data) => (
          <Stack gap="md">
            <Text size="sm">{data.name}</Text>
            {canUpdate && (
              <form onSubmit={submit}>
                <Group align="flex-end">
                  <TextInput
                    label="Add subscribers"
                    description="Subscriber ids, separated by commas or spaces"
                    style={{ flex: 1 }}
                    value={ids}
                    onChange={(event) => setIds(event.currentTarget.value)}
                  />
                  <Button
                    type="submit"
                    loading={add.isPending}
                    leftSection={<IconPlus size={16} aria-hidden />}
                  >
                    Add
                  </Button>
                </Group>
              </form>
            )}
            {notFound.length > 0 && (
              <Alert color="yellow" variant="light">
                Not found (create them first): {notFound.join(', ')}
              </Alert>
            )}
            {(add.isError || remove.isError) && (
              <Alert color="red" variant="light" role="alert">
                {describeError(add.error ?? remove.error)}
              </Alert>
            )}
            <Text size="sm" fw={500}>
              {data.subscribers.length} subscribers
            </Text>
            <Stack gap={4} data-testid="topic-subscribers">
              {data.subscribers.map((id) => (
                <Group key={id} justify="space-between" gap="xs">
                  <Text size="sm" ff="monospace">
                    {id}
                  </Text>
                  {canUpdate && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${id} from the topic`}
                      onClick={() => remove.mutate({ key: data.key, subscribers: [id] })}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
      </QueryBody>
    </Modal>
  );
}

/** Topics: the list, a create form, and each topic's subscribers (add and remove). */
export function TopicsTab() {
  const canCreate = useCan('notifications:c');
  const [page, setPage] = useState(0);
  const topics = useTopics(page);
  const create = useCreateTopic();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const data = topics.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) return;
    create.mutate(
      { key: key.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: () => {
          setKey('');
          setName('');
        },
      },
    );
  };
  return (
    <Stack gap="md">
      {canCreate && (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={submit}>
            <Group align="flex-end">
              <TextInput
                label="Topic key"
                required
                value={key}
                onChange={(event) => setKey(event.currentTarget.value)}
              />
              <TextInput
                label="Name"
                style={{ flex: 1 }}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Button
                type="submit"
                loading={create.isPending}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Create topic
              </Button>
            </Group>
            {create.isError && (
              <Text size="sm" c="red" mt="xs" role="alert">
                {describeError(create.error)}
              </Text>
            )}
          </form>
        </Paper>
      )}
      <TabTable
        query={topics}
        loadingLabel="Loading topics…"
        errorTitle="Could not load topics"
        emptyTitle="No topics yet"
        headers={['Key', 'Name', 'Subscribers']}
        testId="topics-table"
      >
        {(rows) =>
          rows.map((topic) => (
            <Table.Tr key={topic._id} data-testid="topic-row">
              <Table.Td>
                <UnstyledButton onClick={() => setOpen(topic.key)}>
                  <Text size="sm" fw={500} ff="monospace" c="var(--mantine-color-anchor)">
                    {topic.key}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{topic.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {topic.subscribers.length}
                  {topic.subscribers.length >= 100 ? '+' : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </TabTable>
      {data && data.totalCount > data.pageSize && (
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={(page + 1) * data.pageSize >= data.totalCount}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
      <TopicDetail topicKey={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
