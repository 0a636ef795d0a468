import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../components/query-states';
import { useCan } from '../../auth';
import { useAddTopicSubscribers, useRemoveTopicSubscribers, useTopic } from '../queries';
import { QueryBody } from './query-body';

const splitIds = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);

/** One topic in a dialog: its subscribers, with a form to add ids and a button to remove each one. */
export function TopicDetail({ topicKey, onClose }: { topicKey: string | null; onClose: () => void }) {
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
