/**
 * What other modules use of the notify module's records: the inbox widget finds the environment of
 * an application identifier, upserts and reads subscribers (and marks them online), reads the
 * workflows an inbox shows and the messages it delivers. Its repositories stay its own (see
 * docs/ARCHITECTURE.md, "Import rules").
 */
export { findEnvironmentByApplicationIdentifier } from './environments.repository';
export { findMessagesByIds } from './messages.repository';
export {
  findSubscribersByRowIds,
  type SubscriberRow,
  setOnline,
  upsertSubscriber,
} from './subscribers.repository';
export {
  findWorkflowById,
  findWorkflowsByIds,
  listActiveWorkflows,
  listEnvironmentWorkflows,
  type WorkflowRow,
} from './workflows.repository';
