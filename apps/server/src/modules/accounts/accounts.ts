/**
 * What other modules use of the accounts module: find or create a user and issue an email token
 * (inviting a member does both). Its repositories stay its own (see docs/ARCHITECTURE.md,
 * "Import rules").
 */
export { issueEmailToken } from './email-tokens.repository';
export { findUserByEmail, findUserById, insertUser } from './users.repository';
