import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as sessions from './0002-sessions';
import * as accounts from './0003-accounts';
import * as operations from './0004-operations';
import * as ingest from './0005-ingest';
import * as notify from './0006-notify';
import * as notifyIntegrations from './0007-notify-integrations';
import * as notifySchedule from './0008-notify-schedule';
import * as incidentFiles from './0009-incident-files';
import * as auditTargets from './0010-audit-targets';
import * as recordIndexes from './0011-record-indexes';
import * as sessionGenerations from './0012-session-generations';
import * as notifyDelivery from './0013-notify-delivery';
import * as inboxSnoozeSeverity from './0014-inbox-snooze-severity';
import * as jobLeases from './0015-job-leases';
import * as ingestIndexSet from './0016-ingest-index-set';
import * as notifyTenants from './0017-notify-tenants';
import * as longWindows from './0018-long-windows';
import * as factPartitions from './0019-fact-partitions';
import * as domainWorkflows from './0020-domain-workflows';
import * as savedViews from './0021-saved-views';
import * as incidentRanks from './0023-incident-ranks';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sessions': sessions,
  '0003-accounts': accounts,
  '0004-operations': operations,
  '0005-ingest': ingest,
  '0006-notify': notify,
  '0007-notify-integrations': notifyIntegrations,
  '0008-notify-schedule': notifySchedule,
  '0009-incident-files': incidentFiles,
  '0010-audit-targets': auditTargets,
  '0011-record-indexes': recordIndexes,
  '0012-session-generations': sessionGenerations,
  '0013-notify-delivery': notifyDelivery,
  '0014-inbox-snooze-severity': inboxSnoozeSeverity,
  '0015-job-leases': jobLeases,
  '0016-ingest-index-set': ingestIndexSet,
  '0017-notify-tenants': notifyTenants,
  '0018-long-windows': longWindows,
  '0019-fact-partitions': factPartitions,
  '0020-domain-workflows': domainWorkflows,
  '0021-saved-views': savedViews,
  '0023-incident-ranks': incidentRanks,
};
