import { Button, Group, Paper, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../components/query-states';
import { useCan } from '../../auth';
import { useCreateTopic, useTopics } from '../queries';
import { TabTable } from './tab-table';
import { TopicDetail } from './topic-detail';

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
