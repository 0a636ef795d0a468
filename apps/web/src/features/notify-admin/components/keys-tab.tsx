import { Alert, Button, Code, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError, ErrorState, LoadingState } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../auth';
import { useEnvironment, useRotateSecretKey } from '../queries';

function CopyValue({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}

/**
 * The environment's keys: the public application identifier, and the secret key, which the server
 * never shows again: a rotation answers the new key once, and it lives only in this screen's state.
 */
export function KeysTab() {
  const canRotate = useCan('notifications:u');
  const environment = useEnvironment();
  const rotate = useRotateSecretKey();
  const [confirming, setConfirming] = useState(false);
  const [secretKey, setSecretKey] = useState<string | null>(null);

  if (!environment.data) {
    return environment.isError ? (
      <ErrorState
        title="Could not load the keys"
        error={environment.error}
        onRetry={() => environment.refetch()}
      />
    ) : (
      <LoadingState label="Loading the keys…" />
    );
  }
  const env = environment.data;
  return (
    <Stack gap="md" maw={760}>
      <Paper withBorder radius="md" p="md">
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={220}>Application identifier</Table.Th>
              <Table.Td>
                <Group gap="sm">
                  <Code data-testid="application-identifier">{env.applicationIdentifier}</Code>
                  <CopyValue value={env.applicationIdentifier} label="Copy" />
                </Group>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Secret key</Table.Th>
              <Table.Td>
                <Code data-testid="secret-key-hint">{env.secretKeyHint}</Code>
                <Text size="xs" c="dimmed">
                  Only its last characters are shown. Send it as{' '}
                  <Code>Authorization: ApiKey &lt;key&gt;</Code>.
                </Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Last rotated</Table.Th>
              <Table.Td>{env.rotatedAt ? formatDateTime(env.rotatedAt) : 'Never'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Inbox HMAC</Table.Th>
              <Table.Td>{env.hmacRequired ? 'Required' : 'Not required'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      {secretKey && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Copy the new secret key now"
          data-testid="new-secret-key"
          withCloseButton
          closeButtonLabel="I have stored the key"
          onClose={() => setSecretKey(null)}
        >
          <Stack gap="xs">
            <Text size="sm">
              This is the only time it is shown. The old key stopped working, so update every system that
              calls the API with it.
            </Text>
            <Group gap="sm">
              <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="secret-key-value">
                {secretKey}
              </Code>
              <CopyValue value={secretKey} label="Copy key" />
            </Group>
          </Stack>
        </Alert>
      )}
      {rotate.isError && (
        <Alert color="red" variant="light" role="alert" title="The key was not rotated">
          {describeError(rotate.error)}
        </Alert>
      )}
      {canRotate && (
        <Button
          w="fit-content"
          color="red"
          variant="light"
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Rotate secret key
        </Button>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Rotate the secret key?">
        <Stack gap="md">
          <Text size="sm">
            A new secret key is made and shown once. The current key stops working at once: servers that call
            the notification API with it get 401 until they use the new one, and inbox HMACs change.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: (result) => {
                    setSecretKey(result.secretKey);
                    setConfirming(false);
                  },
                  onError: () => setConfirming(false),
                })
              }
            >
              Rotate key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
