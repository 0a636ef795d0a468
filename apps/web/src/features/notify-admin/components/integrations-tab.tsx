import {
  findProvider,
  NOTIFY_CHANNELS,
  providersOf,
  type TCredentialField,
  type TIntegration,
  type TIntegrationTestResult,
  type TNotifyChannel,
  type TProvider,
} from '@forecourt/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDots, IconPlus, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeError, ErrorState, LoadingState } from '../../../components/query-states';
import { isApiError } from '../../../lib/http';
import { useCan } from '../../auth';
import {
  useCreateIntegration,
  useDeleteIntegration,
  useIntegrations,
  useTestIntegration,
  useUpdateIntegration,
} from '../queries';

export const CHANNEL_LABELS: Record<TNotifyChannel, string> = {
  in_app: 'In-app',
  email: 'Email',
  sms: 'SMS',
  chat: 'Chat',
  push: 'Push',
};

type Values = Record<string, string | number | boolean>;

/** The form's starting values: the stored non-secret values; secrets are never sent back to us. */
function initialValues(provider: TProvider, integration: TIntegration | null): Values {
  const values: Values = {};
  for (const field of provider.fields) {
    const stored = integration?.credentials[field.key];
    if (field.secret || stored === undefined || stored === null) {
      values[field.key] = field.type === 'switch' || field.type === 'boolean' ? false : '';
    } else if (field.type === 'object') {
      values[field.key] = JSON.stringify(stored);
    } else values[field.key] = stored as string | number | boolean;
  }
  return values;
}

/**
 * The credentials to send: on create, every filled field; on change, the changed ones, where an
 * empty secret keeps the stored secret and an emptied plain field clears it (null).
 */
export function credentialsToSend(
  provider: TProvider,
  values: Values,
  integration: TIntegration | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const initial = initialValues(provider, integration);
  for (const field of provider.fields) {
    const value = values[field.key];
    const empty = value === '' || value === undefined;
    if (integration === null) {
      if (!empty) out[field.key] = value;
      continue;
    }
    // Untouched fields and empty secrets keep what is stored.
    if (value === undefined || (field.secret && empty)) continue;
    if (value === initial[field.key] && !field.secret) continue;
    out[field.key] = empty ? null : value;
  }
  return out;
}

function CredentialInput({
  field,
  value,
  stored,
  error,
  onChange,
}: {
  field: TCredentialField;
  value: string | number | boolean;
  /** The integration holds a value for this (secret) field. */
  stored: boolean;
  error?: string;
  onChange: (value: string | number | boolean) => void;
}) {
  const common = {
    label: field.label,
    description: field.hint,
    required: field.required && !stored,
    error,
    placeholder: field.secret && stored ? 'Stored: leave empty to keep it' : field.placeholder,
  };
  switch (field.type) {
    case 'boolean':
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.hint}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          value={typeof value === 'number' || value === '' ? value : Number(value)}
          onChange={(next) => onChange(next)}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'text':
    case 'object':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((option) => ({ value: option.value, label: option.label }))}
          value={value === '' ? null : String(value)}
          clearable={!field.required}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
          autoComplete="off"
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/** Add an integration (channel, provider, credentials) or change one; the form comes from the catalogue. */
function IntegrationModal({
  opened,
  integration,
  onClose,
  onSaved,
}: {
  opened: boolean;
  integration: TIntegration | null;
  onClose: () => void;
  onSaved: (integration: TIntegration) => void;
}) {
  const [channel, setChannel] = useState<TNotifyChannel>(integration?.channel ?? 'chat');
  const [providerId, setProviderId] = useState<string | null>(integration?.providerId ?? null);
  const provider = providerId ? findProvider(providerId, channel) : undefined;
  const [name, setName] = useState(integration?.name ?? '');
  const [values, setValues] = useState<Values>(() => (provider ? initialValues(provider, integration) : {}));
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const mutation = integration ? update : create;
  const fieldErrors = new Map(
    isApiError(mutation.error)
      ? (mutation.error.details ?? []).map((d) => [d.path.replace(/^credentials\./, ''), d.message])
      : [],
  );

  const chooseProvider = (id: string | null) => {
    setProviderId(id);
    const next = id ? findProvider(id, channel) : undefined;
    setValues(next ? initialValues(next, null) : {});
    if (next && !name) setName(next.displayName);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    const credentials = credentialsToSend(provider, values, integration);
    if (integration) {
      update.mutate(
        { id: integration._id, body: { ...(name.trim() ? { name: name.trim() } : {}), credentials } },
        { onSuccess: onSaved },
      );
    } else {
      create.mutate(
        {
          providerId: provider.id,
          channel,
          ...(name.trim() ? { name: name.trim() } : {}),
          credentials,
          active: true,
        },
        { onSuccess: onSaved },
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={integration ? `Change ${integration.name}` : 'Add an integration'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow>
            <Select
              label="Channel"
              data={NOTIFY_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
              value={channel}
              allowDeselect={false}
              disabled={integration !== null}
              onChange={(value) => {
                setChannel((value ?? 'chat') as TNotifyChannel);
                setProviderId(null);
                setValues({});
              }}
            />
            <Select
              label="Provider"
              placeholder="Choose a provider"
              searchable
              data={providersOf(channel)
                // Only providers this version sends through can be configured (an existing
                // integration of another keeps showing its provider).
                .filter((p) => p.delivers || p.id === providerId)
                .map((p) => ({
                  value: p.id,
                  label: p.delivers ? p.displayName : `${p.displayName} (stored, not sent)`,
                }))}
              value={providerId}
              disabled={integration !== null}
              onChange={chooseProvider}
            />
          </Group>
          {provider && (
            <>
              <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
              {provider.subscriberCredential && (
                <Text size="xs" c="dimmed">
                  {provider.subscriberCredential === 'webhookUrl'
                    ? 'Each subscriber’s webhook URL is part of their chat channel credentials.'
                    : 'Each subscriber’s device tokens are part of their push channel credentials.'}
                </Text>
              )}
              {provider.fields.length === 0 && (
                <Text size="sm" c="dimmed">
                  This provider needs no credentials.
                </Text>
              )}
              {provider.fields.map((field) => (
                <CredentialInput
                  key={field.key}
                  field={field}
                  value={values[field.key] ?? ''}
                  stored={integration?.credentialsSet.includes(field.key) ?? false}
                  error={fieldErrors.get(field.key)}
                  onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
                />
              ))}
            </>
          )}
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert" title="Not saved">
              {describeError(mutation.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!provider} loading={mutation.isPending}>
              {integration ? 'Save integration' : 'Add integration'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const TARGET_LABELS: Partial<Record<TNotifyChannel, string>> = {
  email: 'Send to email address',
  sms: 'Send to phone number (+91…)',
  chat: 'Webhook URL',
  push: 'Device token',
};

/** The integration's newest send (a step's or a test), in one short line. */
function LastDelivery({ integration }: { integration: TIntegration }) {
  const last = integration.lastDelivery;
  if (!last)
    return (
      <Text size="xs" c="dimmed" data-testid="last-delivery">
        No delivery yet
      </Text>
    );
  const when = new Date(last.at).toLocaleString();
  return (
    <Text
      size="xs"
      c={last.success ? 'teal' : 'red'}
      data-testid="last-delivery"
      title={last.detail}
      lineClamp={1}
      maw={420}
    >
      {last.success ? 'Last delivery succeeded' : 'Last delivery failed'}
      {last.test ? ' (test)' : ''} · {when}
      {last.success ? '' : ` · ${last.detail}`}
    </Text>
  );
}

function TestModal({ integration, onClose }: { integration: TIntegration | null; onClose: () => void }) {
  const [target, setTarget] = useState('');
  const [content, setContent] = useState('');
  const test = useTestIntegration();
  const [result, setResult] = useState<TIntegrationTestResult | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!integration) return;
    setResult(null);
    test.mutate(
      { id: integration._id, body: { target: target.trim(), ...(content.trim() ? { content } : {}) } },
      { onSuccess: setResult },
    );
  };
  return (
    <Modal
      opened={integration !== null}
      onClose={onClose}
      title={`Send a test through ${integration?.name ?? ''}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={TARGET_LABELS[integration?.channel ?? 'email'] ?? 'Target'}
            required
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
          />
          <Textarea
            label="Message"
            placeholder="This is a test message…"
            autosize
            minRows={2}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          {result &&
            (result.success ? (
              <Alert
                color="green"
                variant="light"
                role="status"
                icon={<IconCircleCheck aria-hidden />}
                title="Sent"
              >
                The provider accepted the test message.
              </Alert>
            ) : (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconX aria-hidden />}
                title="Not delivered"
              >
                {result.code ? `Code ${result.code}: ` : ''}
                {result.error}
              </Alert>
            ))}
          {test.isError && (
            <Alert color="red" variant="light" role="alert" title="Not sent">
              {describeError(test.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={test.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              Send test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Provider integrations per channel: add, change, activate/deactivate, test, delete. */
export function IntegrationsTab() {
  const canCreate = useCan('notifications:c');
  const canUpdate = useCan('notifications:u');
  const canDelete = useCan('notifications:d');
  const integrations = useIntegrations();
  const update = useUpdateIntegration();
  const remove = useDeleteIntegration();
  const [editing, setEditing] = useState<TIntegration | 'new' | null>(null);
  const [testing, setTesting] = useState<TIntegration | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!integrations.data) {
    return integrations.isError ? (
      <ErrorState
        title="Could not load integrations"
        error={integrations.error}
        onRetry={() => integrations.refetch()}
      />
    ) : (
      <LoadingState label="Loading integrations…" />
    );
  }
  const list = integrations.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Secrets are never shown again once stored; leave a secret empty to keep it.
        </Text>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add integration
          </Button>
        )}
      </Group>
      {notice && (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      {(update.isError || remove.isError) && (
        <Alert color="red" variant="light" role="alert" title="That did not work">
          {describeError(update.error ?? remove.error)}
        </Alert>
      )}
      {NOTIFY_CHANNELS.map((channel) => {
        const rows = list.filter((integration) => integration.channel === channel);
        return (
          <Paper
            key={channel}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label={`${CHANNEL_LABELS[channel]} integrations`}
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={2} size="h5">
                  {CHANNEL_LABELS[channel]}
                </Title>
                <Text size="xs" c="dimmed">
                  {providersOf(channel).length} providers in the catalogue
                </Text>
              </Group>
              {rows.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No {CHANNEL_LABELS[channel].toLowerCase()} integration yet.
                </Text>
              ) : (
                <Table verticalSpacing="xs">
                  <Table.Tbody>
                    {rows.map((integration) => {
                      const provider = findProvider(integration.providerId, integration.channel);
                      const canTest = provider?.delivers && integration.channel !== 'in_app';
                      return (
                        <Table.Tr key={integration._id} data-testid="integration-row">
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {integration.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {provider?.displayName ?? integration.providerId} · {integration.identifier}
                            </Text>
                            <LastDelivery integration={integration} />
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              {integration.primary && (
                                <Badge size="sm" variant="light">
                                  Primary
                                </Badge>
                              )}
                              <Badge
                                size="sm"
                                variant="outline"
                                color={integration.delivers ? 'teal' : 'gray'}
                              >
                                {integration.delivers ? 'Delivers' : 'Stored only'}
                              </Badge>
                            </Group>
                          </Table.Td>
                          <Table.Td w={130}>
                            <Switch
                              label={integration.active ? 'Active' : 'Inactive'}
                              aria-label={`${integration.name} active`}
                              checked={integration.active}
                              disabled={!canUpdate || update.isPending}
                              onChange={(event) =>
                                update.mutate({
                                  id: integration._id,
                                  body: { active: event.currentTarget.checked },
                                })
                              }
                            />
                          </Table.Td>
                          <Table.Td w={190}>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              {canTest && canCreate && (
                                <Button
                                  size="xs"
                                  variant="default"
                                  leftSection={<IconSend size={14} aria-hidden />}
                                  onClick={() => setTesting(integration)}
                                >
                                  Test
                                </Button>
                              )}
                              <Menu position="bottom-end" withinPortal>
                                <Menu.Target>
                                  <ActionIcon
                                    variant="subtle"
                                    color="gray"
                                    aria-label={`Actions for ${integration.name}`}
                                  >
                                    <IconDots size={18} aria-hidden />
                                  </ActionIcon>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  {canUpdate && (
                                    <Menu.Item onClick={() => setEditing(integration)}>
                                      Change credentials
                                    </Menu.Item>
                                  )}
                                  {canDelete && (
                                    <Menu.Item
                                      color="red"
                                      leftSection={<IconTrash size={16} aria-hidden />}
                                      onClick={() =>
                                        remove.mutate(integration._id, {
                                          onSuccess: () => setNotice(`${integration.name} deleted.`),
                                        })
                                      }
                                    >
                                      Delete
                                    </Menu.Item>
                                  )}
                                </Menu.Dropdown>
                              </Menu>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Paper>
        );
      })}
      {editing !== null && (
        <IntegrationModal
          opened
          integration={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(`${saved.name} saved.`);
          }}
        />
      )}
      <TestModal key={testing?._id ?? 'none'} integration={testing} onClose={() => setTesting(null)} />
    </Stack>
  );
}
