import type { Kysely } from 'kysely';

/**
 * `notify_environments.domain_workflows_at`: when the workflows of the dashboard's domain events
 * (incident opened, access requested, …) were created in the environment. Null means not yet:
 * the startup step creates them once for such environments (existing organisations get them
 * without waiting for a first event), and a workflow an admin later deletes stays deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify_environments').addColumn('domain_workflows_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notify_environments').dropColumn('domain_workflows_at').execute();
}
