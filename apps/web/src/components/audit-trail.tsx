import type { TAuditEntry } from '@forecourt/contracts';
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime } from '../lib/format';

/**
 * The verb of an action as a label: `access_request.approved` → "Approved",
 * `card.limits_changed` → "Limits changed".
 */
export function actionLabel(action: string): string {
  const verb = (action.split('.').pop() ?? action).replaceAll('_', ' ').trim();
  return verb ? verb.charAt(0).toUpperCase() + verb.slice(1) : action;
}

/**
 * A record's audit trail (who, what, when), newest first, as every record's detail page shows
 * it. `describe` turns an entry into a sentence for the record kind ("Blocked the card"); the
 * default shows the action's verb ({@link actionLabel}).
 */
export function AuditTrail({
  entries,
  describe = (entry) => actionLabel(entry.action),
  title = 'History',
}: {
  entries: readonly TAuditEntry[];
  describe?: (entry: TAuditEntry) => string;
  title?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            No changes recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} data-testid="audit-trail">
            {entries.map((entry) => (
              <Timeline.Item key={entry.id} title={describe(entry)}>
                <Text c="dimmed" size="xs">
                  {formatDateTime(entry.at)} · {entry.actor?.name ?? 'System'}
                </Text>
                {typeof entry.data.reason === 'string' && entry.data.reason !== '' ? (
                  <Text size="sm">Reason: {entry.data.reason}</Text>
                ) : null}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
