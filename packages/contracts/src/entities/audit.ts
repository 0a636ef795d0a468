import { z } from 'zod';
import { ZId, ZIsoDateTime } from './scalars';

/**
 * The audit trail of a record: every create, update and state change, with who did it,
 * what changed and when. Records carry their trail in their detail response as `audit`.
 *
 * `action` is `<entity>.<verb>` (e.g. `card.blocked`, `access_request.approved`); `data` holds what
 * changed, e.g. `{from, to}` for a state change, `{changes: {field: {from, to}}}` for an edit, or
 * `{reason}` for a rejection.
 */
export const ZAuditEntry = z.object({
  id: ZId,
  at: ZIsoDateTime,
  action: z.string(),
  /** Null for the system (seed, simulator, a scheduled job). */
  actor: z.object({ id: ZId, name: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

/** A record's trail, newest first (at most `AUDIT_TRAIL_LIMIT` entries). */
export const ZAuditTrail = z.array(ZAuditEntry);
export type TAuditTrail = z.infer<typeof ZAuditTrail>;

/** How many entries a detail response carries. */
export const AUDIT_TRAIL_LIMIT = 100;

/** The `target` of an audit entry: the entity kind and its id, e.g. `card:12`. */
export function auditTarget(kind: string, id: number): string {
  return `${kind}:${id}`;
}
