import type { Db } from '../../db/database';

/**
 * One entry of the audit trail. Generic on purpose: `action` names what happened
 * (`member.updated`, `organization.created`), `target` what it happened to (`membership:12`),
 * and `data` holds whatever the action needs to explain itself (e.g. before and after).
 */
export type AuditEvent = {
  organizationId: number | null;
  actorUserId: number | null;
  action: string;
  target: string;
  data?: Record<string, unknown>;
  at: number;
};

export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<void> {
  await db
    .insertInto('auditEvents')
    .values({ ...event, data: JSON.stringify(event.data ?? {}) })
    .execute();
}

export async function listAuditEvents(db: Db, organizationId: number, limit = 100) {
  return db
    .selectFrom('auditEvents')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
