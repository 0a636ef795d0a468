import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';

/**
 * The inbox's hot queries are answered from an index alone on both dialects (bench/notify-inbox.ts
 * measures them at 10 M rows): the feed page's ids, the capped unseen/unread counts (with and
 * without a feed filter, by severity) and the unseen tab (indexes of migration 0014). The SQL is the repository's (widget.repository.ts).
 */
const INBOX =
  "subscriber_id = 5 and channel = 'in_app' and deleted = 0 and archived = 0 and snoozed_until is null";
const QUERIES = {
  feedPage: `select id from notify_messages where ${INBOX} order by created_at desc, id desc limit 11 offset 0`,
  unseenCount: `select count(*) as count from (select 1 as one from notify_messages where ${INBOX} and seen = 0 limit 101) as capped`,
  unreadCountOfFeeds: `select count(*) as count from (select 1 as one from notify_messages where ${INBOX} and feed_id in (1, 2) and "read" = 0 limit 100) as capped`,
  unreadHighCount: `select count(*) as count from (select 1 as one from notify_messages where ${INBOX} and severity in ('high') and "read" = 0 limit 99) as capped`,
  unseenTab: `select id from notify_messages where ${INBOX} and seen = 0 order by created_at desc, id desc limit 11 offset 0`,
};

describe('inbox query plans', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await sql`insert into organizations (slug, name, kind, created_at, updated_at) values ('o', 'O', 'dealer_group', 0, 0)`.execute(
      db,
    );
    await sql`insert into notify_environments (organization_id, name, application_identifier, secret_key_hash, secret_key_ciphertext, secret_key_hint, created_at, updated_at)
              values (1, 'Production', 'app', 'hash', 'cipher', 'hint', 0, 0)`.execute(db);
    for (let s = 1; s <= 10; s++) {
      await sql`insert into notify_subscribers (environment_id, organization_id, subscriber_id, created_at, updated_at) values (1, 1, ${`s${s}`}, 0, 0)`.execute(
        db,
      );
    }
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
      insert into notify_messages (environment_id, organization_id, subscriber_id, notification_id, job_id, event_id, feed_id,
                                   channel, step_id, template_identifier, transaction_id, content, seen, "read", created_at, updated_at)
      select 1, 1, case when i % 2 = 0 then 5 else 1 + (i % 10) end, i, i, i, i % 3, 'in_app', 's', 't', 'x', 'hello',
             case when i % 10 = 0 then 0 else 1 end, case when i % 7 = 0 then 0 else 1 end, 1000 + i, 1000 + i
        from n`.execute(db);
    // Statistics, and on PostgreSQL the visibility map that index-only scans rely on. A table this
    // small would be read sequentially or by bitmap there; those plans are ruled out to show the
    // index serves the query alone, as it does at scale.
    await sql.raw(database.dialect === 'postgres' ? 'vacuum analyze notify_messages' : 'analyze').execute(db);
  });
  afterAll(() => database.dispose());

  it.each(Object.entries(QUERIES))('%s reads only an index', async (_, query) => {
    const explain = database.dialect === 'postgres' ? 'explain' : 'explain query plan';
    // One connection, so the session settings apply to the EXPLAIN.
    const rows = await database.db.connection().execute(async (connection) => {
      if (database.dialect === 'postgres') {
        await sql`set enable_seqscan = off`.execute(connection);
        await sql`set enable_bitmapscan = off`.execute(connection);
      }
      return (await sql.raw<Record<string, unknown>>(`${explain} ${query}`).execute(connection)).rows;
    });
    const plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
    if (database.dialect === 'postgres') {
      expect(plan).toMatch(/Index Only Scan using notify_messages_(inbox|unseen|unread)_idx/);
      expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan|Sort/);
    } else {
      expect(plan).toMatch(/USING COVERING INDEX notify_messages_(inbox|unseen|unread)_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
