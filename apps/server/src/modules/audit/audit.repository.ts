import { AUDIT_TRAIL_LIMIT, auditTarget, type TAuditEntry } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isoTime } from '../../lib/iso-time';
import { personName } from '../../lib/person-name';

/**
 * The audit trail: one row in `audit_events` per create, edit or state change, written in the
 * same transaction as the change so a change and its entry stand or fall together. Accounts and
 * members write entries with `recordAuditEvent` (any target, organisation optional); the records
 * with a detail page (stations, cards, requests, loyalty, personnel, profiles, reviews) use
 * `recordAudit` (kind + id) and show their trail in their detail response (`auditTrail`).
 */

/**
 * One entry. Generic on purpose: `action` names what happened (`member.updated`,
 * `card.blocked`), `target` what it happened to (`membership:12`), and `data` holds whatever the
 * action needs to explain itself (e.g. before and after).
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

/** The organisation's latest entries, newest first. */
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

/** An entry about one record of an organisation (see `auditTarget`). */
export type AuditRecord = {
  organizationId: number;
  /** The user who did it; null for the system. */
  actorUserId: number | null;
  /** `<entity>.<verb>`, e.g. `card.blocked`. */
  action: string;
  /** The record: its kind and id. */
  kind: string;
  id: number;
  /** What changed, e.g. `{from, to}` or `{reason}`. */
  data?: Record<string, unknown>;
  /** Epoch milliseconds. */
  at: number;
};

/** Writes one entry about a record; pass the transaction that makes the change. */
export function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  return recordAuditEvent(db, {
    organizationId: record.organizationId,
    actorUserId: record.actorUserId,
    action: record.action,
    target: auditTarget(record.kind, record.id),
    ...(record.data === undefined ? {} : { data: record.data }),
    at: record.at,
  });
}

/**
 * The trail of one record of the organisation, newest first, at most `AUDIT_TRAIL_LIMIT` entries
 * (served by the `(organization_id, target, at desc, id desc)` index).
 */
export async function auditTrail(
  db: Db,
  organizationId: number,
  kind: string,
  id: number,
): Promise<TAuditEntry[]> {
  const rows = await db
    .selectFrom('auditEvents')
    .leftJoin('users as actor', 'actor.id', 'auditEvents.actorUserId')
    .select([
      'auditEvents.id',
      'auditEvents.at',
      'auditEvents.action',
      'auditEvents.data',
      'auditEvents.actorUserId',
      'actor.firstName as actorFirstName',
      'actor.lastName as actorLastName',
    ])
    .where('auditEvents.organizationId', '=', organizationId)
    .where('auditEvents.target', '=', auditTarget(kind, id))
    .orderBy('auditEvents.at', 'desc')
    .orderBy('auditEvents.id', 'desc')
    .limit(AUDIT_TRAIL_LIMIT)
    .execute();
  return rows.map((row) => {
    const name = personName(row.actorFirstName, row.actorLastName);
    return {
      id: row.id,
      at: isoTime(row.at),
      action: row.action,
      actor: row.actorUserId !== null && name !== null ? { id: row.actorUserId, name } : null,
      data: JSON.parse(row.data) as Record<string, unknown>,
    };
  });
}

/**
 * The fields of `next` that differ from `previous`, as `{field: {from, to}}` (for an edit's audit
 * entry); empty when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  previous: T,
  next: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (JSON.stringify(previous[field]) !== JSON.stringify(value)) {
      changes[field] = { from: previous[field] ?? null, to: value };
    }
  }
  return changes;
}
