import type { Kysely } from 'kysely';
import { index, partialIndex } from './dsl';

/**
 * Snooze, archive and severity in the inbox:
 * - `notify_messages.snoozed_until` (ms; null = not snoozed) and `severity` (`high` | `medium` |
 *   `low` | `none`); `notify_workflows.severity` (what its messages get unless the trigger says).
 * - The inbox indexes of 0006 become indexes of the *visible* inbox (live, not archived, not
 *   snoozed), with severity in the key, so the feed and the capped counts by severity read an index
 *   alone. Archived and snoozed messages get their own small partial indexes (the archive tab, the
 *   snoozed list) and the snooze wake-up finds due messages by `snoozed_until`.
 */
const VISIBLE = "channel = 'in_app' and deleted = 0 and archived = 0 and snoozed_until is null";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify_messages').addColumn('snoozed_until', 'bigint').execute();
  await db.schema
    .alterTable('notify_messages')
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('notify_workflows')
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  for (const name of [
    'notify_messages_inbox_idx',
    'notify_messages_unseen_idx',
    'notify_messages_unread_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  const key = ['subscriber_id', 'created_at desc', 'id desc', 'feed_id', 'seen', 'read', 'severity'];
  // SQLite treats a partial index as covering only when every column the query names is in it.
  const covering = [...key, 'channel', 'deleted', 'archived', 'snoozed_until'];
  await partialIndex(db, 'notify_messages_inbox_idx', 'notify_messages', covering, VISIBLE);
  await partialIndex(
    db,
    'notify_messages_unseen_idx',
    'notify_messages',
    covering,
    `${VISIBLE} and seen = 0`,
  );
  await partialIndex(
    db,
    'notify_messages_unread_idx',
    'notify_messages',
    covering,
    `${VISIBLE} and "read" = 0`,
  );
  await partialIndex(
    db,
    'notify_messages_archived_idx',
    'notify_messages',
    ['subscriber_id', 'created_at desc', 'id desc'],
    "channel = 'in_app' and deleted = 0 and archived = 1",
  );
  await partialIndex(
    db,
    'notify_messages_snoozed_idx',
    'notify_messages',
    ['subscriber_id', 'created_at desc', 'id desc'],
    "channel = 'in_app' and deleted = 0 and snoozed_until is not null",
  );
  await index(db, 'notify_messages', ['snoozed_until']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'notify_messages_snoozed_until_idx',
    'notify_messages_snoozed_idx',
    'notify_messages_archived_idx',
    'notify_messages_unread_idx',
    'notify_messages_unseen_idx',
    'notify_messages_inbox_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('notify_workflows').dropColumn('severity').execute();
  await db.schema.alterTable('notify_messages').dropColumn('severity').execute();
  await db.schema.alterTable('notify_messages').dropColumn('snoozed_until').execute();
  const inbox = "channel = 'in_app' and deleted = 0";
  const flagged = (flag: string) => [
    'subscriber_id',
    'created_at desc',
    'id desc',
    'feed_id',
    flag,
    'channel',
    'deleted',
  ];
  await partialIndex(
    db,
    'notify_messages_inbox_idx',
    'notify_messages',
    ['subscriber_id', 'created_at desc', 'id desc', 'feed_id', 'seen', 'read'],
    inbox,
  );
  await partialIndex(
    db,
    'notify_messages_unseen_idx',
    'notify_messages',
    flagged('seen'),
    `${inbox} and seen = 0`,
  );
  await partialIndex(
    db,
    'notify_messages_unread_idx',
    'notify_messages',
    flagged('read'),
    `${inbox} and "read" = 0`,
  );
}
