import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { OutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutboxMessage(db: Db, row: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/**
 * Which messages a reader may see: those addressed to `email`, plus, when `organizationId` is
 * set, every message recorded for that organisation.
 */
/** The reader's own address: the mail addressed to it is theirs to read. */
export function findReaderEmail(db: Db, userId: number) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

export type OutboxVisibility = { email: string; organizationId: number | null };

function visibleQuery(db: Db, visibility: OutboxVisibility) {
  return db.selectFrom('outbox').where((eb) => {
    const mine = eb('recipient', '=', visibility.email);
    return visibility.organizationId === null
      ? mine
      : eb.or([mine, eb('organizationId', '=', visibility.organizationId)]);
  });
}

export async function listOutboxMessages(
  db: Db,
  visibility: OutboxVisibility,
  page: { page: number; limit: number },
): Promise<{ rows: OutboxRow[]; count: number; approximate: boolean }> {
  const query = visibleQuery(db, visibility);
  const rows = await query
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.page * page.limit)
    .execute();
  const { count, approximate } = await countCapped(db, query.select('id'));
  return { rows, count, approximate };
}

export async function findOutboxMessage(
  db: Db,
  visibility: OutboxVisibility,
  id: number,
): Promise<OutboxRow | undefined> {
  return visibleQuery(db, visibility).selectAll().where('id', '=', id).executeTakeFirst();
}
