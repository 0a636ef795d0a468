import type { TNotifySubscriber } from '@forecourt/contracts';
import { NOTIFY_CHANNELS } from '@forecourt/contracts';
import { Badge, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useSubscriberPreferences } from '../queries';
import { CHANNEL_LABELS } from './integrations-tab';
import { QueryBody } from './query-body';
import { Field } from './tab-table';

/** A subscriber's first and last name, or '' when it has neither. */
export const fullName = (s: TNotifySubscriber) => [s.firstName, s.lastName].filter(Boolean).join(' ');

function OnOff({ on }: { on: boolean | undefined }) {
  return (
    <Badge size="xs" variant="light" color={on === false ? 'gray' : 'green'}>
      {on === false ? 'off' : 'on'}
    </Badge>
  );
}

/** One subscriber in a dialog: profile, online state, and its preferences per workflow and channel. */
export function SubscriberDetail({
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
