/**
 * What other modules use of the mail module's outbox beyond the mailer: the demo delivery channel
 * writes a message straight into the outbox. Its repository stays its own (see docs/ARCHITECTURE.md,
 * "Import rules").
 */
export { insertOutboxMessage } from './outbox.repository';
