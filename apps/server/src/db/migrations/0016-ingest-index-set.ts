import type { Kysely } from 'kysely';
import { index } from './dsl';

/**
 * Drops `transactions(customer_id, started_at)`: no list or lookup reads fills by customer alone
 * (the customer rankings read the partial covering indexes of 0004, scoped by station or
 * organisation and window), and `transactions.customer_id` has no foreign key to check. Every fill
 * written paid for it. The index set of the fill table and the list behind each index are in
 * docs/DECISIONS.md, "Indexes of the ingested tables".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transactions_customer_id_started_at_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await index(db, 'transactions', ['customer_id', 'started_at']);
}
