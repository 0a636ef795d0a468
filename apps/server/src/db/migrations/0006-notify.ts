import type { Kysely } from 'kysely';
import { dialectOf, flag, index, notNull, partialIndex, withId, withOrganization } from './dsl';

/**
 * The notification platform: environments with their keys, subscribers, topics, feeds,
 * workflows, triggers (`notify_events`, one per transaction id), notifications (one per trigger and
 * subscriber), jobs (one per notification and step), execution details, messages and subscriber
 * preferences. Every table names its environment; ids stay integers (the wire shows them as 24
 * hex digits). Later channels (email, chat, push), digests and delays use the same tables: jobs
 * carry a step index, a run-at time and a digest key, messages a channel.
 */

const json = (col: Parameters<typeof flag>[0]) => col.notNull().defaultTo('{}');
const jsonList = (col: Parameters<typeof flag>[0]) => col.notNull().defaultTo('[]');

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const s = db.schema;
  const environment = (c: Parameters<typeof flag>[0]) =>
    c.notNull().references('notify_environments.id').onDelete('cascade');

  // One environment per organisation for now (name 'Production'). The secret key is kept as its
  // SHA-256 (the ApiKey lookup) and AES-256-GCM encrypted (the subscriber HMAC needs the key
  // itself); see docs/DECISIONS.md "Notification keys".
  await withOrganization(withId(s.createTable('notify_environments'), d))
    .addColumn('name', 'text', notNull)
    .addColumn('application_identifier', 'text', (c) => c.notNull().unique())
    .addColumn('secret_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('secret_key_ciphertext', 'text', notNull)
    /** The key's last four characters, so an admin can tell keys apart without seeing them. */
    .addColumn('secret_key_hint', 'text', notNull)
    .addColumn('hmac_required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addColumn('rotated_at', 'bigint')
    .execute();
  await index(db, 'notify_environments', ['organization_id', 'name'], { unique: true });

  await withId(s.createTable('notify_subscribers'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('subscriber_id', 'text', notNull)
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('avatar', 'text')
    .addColumn('locale', 'text')
    .addColumn('data', 'text', json)
    .addColumn('channels', 'text', jsonList)
    .addColumn('is_online', 'integer', flag)
    .addColumn('last_online_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_subscribers', ['environment_id', 'subscriber_id'], { unique: true });
  await index(db, 'notify_subscribers', ['environment_id', 'created_at desc', 'id desc']);

  await withId(s.createTable('notify_topics'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_topics', ['environment_id', 'key'], { unique: true });

  await s
    .createTable('notify_topic_subscribers')
    .addColumn('topic_id', 'bigint', (c) => c.notNull().references('notify_topics.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'bigint', (c) =>
      c.notNull().references('notify_subscribers.id').onDelete('cascade'),
    )
    .addColumn('environment_id', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('notify_topic_subscribers_pk', ['topic_id', 'subscriber_id'])
    .execute();
  await index(db, 'notify_topic_subscribers', ['subscriber_id']);

  await withId(s.createTable('notify_feeds'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('identifier', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_feeds', ['environment_id', 'identifier'], { unique: true });

  // Steps are a JSON array (every step type with its content, filters and metadata);
  // preference_settings the workflow's default per channel.
  await withId(s.createTable('notify_workflows'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('trigger_identifier', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('critical', 'integer', flag)
    .addColumn('tags', 'text', jsonList)
    .addColumn('steps', 'text', jsonList)
    .addColumn('preference_settings', 'text', json)
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_workflows', ['environment_id', 'trigger_identifier'], { unique: true });

  // A trigger. The unique (environment, transaction id) makes a repeated transaction id a no-op,
  // also under concurrent requests. `workflow` is the workflow as it was when triggered.
  await withId(s.createTable('notify_events'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('workflow_id', 'bigint', (c) => c.references('notify_workflows.id').onDelete('set null'))
    .addColumn('trigger_identifier', 'text', notNull)
    .addColumn('workflow', 'text', notNull)
    .addColumn('recipients', 'text', jsonList)
    .addColumn('payload', 'text', json)
    .addColumn('overrides', 'text', json)
    .addColumn('actor', 'text')
    .addColumn('tenant', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('canceled_at', 'bigint')
    .execute();
  await index(db, 'notify_events', ['environment_id', 'transaction_id'], { unique: true });
  await index(db, 'notify_events', ['environment_id', 'created_at desc', 'id desc']);

  await withId(s.createTable('notify_notifications'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('notify_events.id').onDelete('cascade'))
    .addColumn('workflow_id', 'bigint')
    .addColumn('subscriber_id', 'bigint', (c) =>
      c.notNull().references('notify_subscribers.id').onDelete('cascade'),
    )
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('payload', 'text', json)
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_notifications', ['event_id', 'subscriber_id'], { unique: true });
  await index(db, 'notify_notifications', ['subscriber_id', 'created_at desc']);
  await index(db, 'notify_notifications', ['environment_id', 'created_at desc', 'id desc']);

  await withId(s.createTable('notify_jobs'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('notify_events.id').onDelete('cascade'))
    .addColumn('notification_id', 'bigint', (c) =>
      c.notNull().references('notify_notifications.id').onDelete('cascade'),
    )
    .addColumn('subscriber_id', 'bigint', notNull)
    .addColumn('workflow_id', 'bigint')
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('step_id', 'text', notNull)
    .addColumn('step_index', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', flag)
    .addColumn('error', 'text')
    /** Delays and digests: when the job may run (epoch ms); null = now. */
    .addColumn('run_at', 'bigint')
    .addColumn('digest_key', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_jobs', ['notification_id', 'step_index'], { unique: true });
  await index(db, 'notify_jobs', ['environment_id', 'transaction_id']);
  // The queue's pick-up: only queued jobs are in it.
  await partialIndex(db, 'notify_jobs_queued_idx', 'notify_jobs', ['event_id', 'id'], "status = 'queued'");

  await withId(s.createTable('notify_execution_details'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('event_id', 'bigint', (c) => c.references('notify_events.id').onDelete('cascade'))
    .addColumn('notification_id', 'bigint', (c) =>
      c.references('notify_notifications.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'bigint')
    .addColumn('subscriber_id', 'bigint')
    .addColumn('workflow_id', 'bigint')
    .addColumn('message_id', 'bigint')
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('channel', 'text')
    .addColumn('code', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('detail', 'text', notNull)
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('Internal'))
    .addColumn('raw', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_execution_details', ['notification_id', 'id']);
  await index(db, 'notify_execution_details', ['event_id', 'id']);

  // The in-app message document of the widget protocol (and, later, sent email/chat/push records).
  await withId(s.createTable('notify_messages'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('subscriber_id', 'bigint', (c) =>
      c.notNull().references('notify_subscribers.id').onDelete('cascade'),
    )
    .addColumn('notification_id', 'bigint', notNull)
    .addColumn('job_id', 'bigint', notNull)
    .addColumn('event_id', 'bigint', notNull)
    .addColumn('workflow_id', 'bigint')
    .addColumn('feed_id', 'bigint')
    .addColumn('channel', 'text', notNull)
    .addColumn('step_id', 'text', notNull)
    .addColumn('template_identifier', 'text', notNull)
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('subject', 'text')
    .addColumn('cta', 'text')
    .addColumn('payload', 'text', json)
    .addColumn('actor', 'text')
    .addColumn('actor_subscriber_id', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('sent'))
    .addColumn('seen', 'integer', flag)
    .addColumn('read', 'integer', flag)
    .addColumn('archived', 'integer', flag)
    .addColumn('deleted', 'integer', flag)
    .addColumn('last_seen_at', 'bigint')
    .addColumn('last_read_at', 'bigint')
    .addColumn('archived_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  // One message per job: re-running a job updates its message instead of adding one.
  await index(db, 'notify_messages', ['job_id'], { unique: true });
  // The inbox feed page: a subscriber's live in-app messages newest first, with the columns its
  // filters read, so the page's ids come from the index alone.
  const inbox = "channel = 'in_app' and deleted = 0";
  await partialIndex(
    db,
    'notify_messages_inbox_idx',
    'notify_messages',
    ['subscriber_id', 'created_at desc', 'id desc', 'feed_id', 'seen', 'read'],
    inbox,
  );
  // Capped unseen and unread counts, mark-all and the unseen/unread feed tabs read only the rows
  // they need, in feed order. (The predicate's columns are in the key too: SQLite counts such a
  // partial index as covering only when it holds every column the query names.)
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
  // Admin lists: an environment's messages newest first, by transaction, by notification.
  await index(db, 'notify_messages', ['environment_id', 'created_at desc', 'id desc']);
  await index(db, 'notify_messages', ['environment_id', 'transaction_id']);
  await index(db, 'notify_messages', ['notification_id']);

  // Per subscriber: the global preference (workflow_id 0) and one row per workflow they changed.
  // `channels` holds only the channels the subscriber set.
  await withId(s.createTable('notify_subscriber_preferences'), d)
    .addColumn('environment_id', 'bigint', environment)
    .addColumn('subscriber_id', 'bigint', (c) =>
      c.notNull().references('notify_subscribers.id').onDelete('cascade'),
    )
    .addColumn('workflow_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('channels', 'text', json)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await index(db, 'notify_subscriber_preferences', ['subscriber_id', 'workflow_id'], { unique: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notify_subscriber_preferences',
    'notify_messages',
    'notify_execution_details',
    'notify_jobs',
    'notify_notifications',
    'notify_events',
    'notify_workflows',
    'notify_feeds',
    'notify_topic_subscribers',
    'notify_topics',
    'notify_subscribers',
    'notify_environments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
