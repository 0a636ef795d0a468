/**
 * What other modules use of the audit module: record an account or platform event, record a
 * change to a record (inside the caller's transaction), read a record's trail. Its repository
 * stays its own (see docs/ARCHITECTURE.md, "Import rules").
 */
export {
  type AuditEvent,
  type AuditRecord,
  auditTrail,
  changedFields,
  recordAudit,
  recordAuditEvent,
} from './audit.repository';
