/** What other features use of the mailbox feature (its other files are its own). */
export { outboxKeys } from './queries';
