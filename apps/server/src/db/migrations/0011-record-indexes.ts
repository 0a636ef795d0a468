import type { Kysely } from 'kysely';
import { index, partialIndex } from './dsl';

/**
 * Indexes for card records and the platform's activity screen:
 * - card search by the last four digits or the fleet vehicle (`GET /api/cards?q=`);
 * - at most one pending activation request per card, enforced by the database so two requests
 *   filed at the same moment cannot both wait (the second insert fails and answers 409);
 * - the jobs of one trigger (activity detail and its per-status counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await index(db, 'cards', ['organization_id', 'last4']);
  await index(db, 'cards', ['organization_id', 'vehicle_registration']);
  await partialIndex(
    db,
    'card_activation_requests_one_pending_idx',
    'card_activation_requests',
    ['card_id'],
    "status = 'pending'",
    { unique: true },
  );
  await index(db, 'notify_jobs', ['event_id', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'notify_jobs_event_id_status_idx',
    'card_activation_requests_one_pending_idx',
    'cards_organization_id_vehicle_registration_idx',
    'cards_organization_id_last4_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
