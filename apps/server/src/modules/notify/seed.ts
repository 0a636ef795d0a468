import { type TWorkflowCreate, ZWorkflowStepInput } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { ensureEnvironments } from './environments.service';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { notifyKeys } from './secrets';
import { createWorkflow } from './workflows.service';

export const INCIDENT_OPENED_WORKFLOW = 'incident-opened';
export const INCIDENT_ESCALATED_WORKFLOW = 'incident-escalated';

const incidentStep = (name: string, content: string) =>
  ZWorkflowStepInput.parse({
    id: 'in-app',
    name,
    type: 'in_app',
    content,
    cta: { type: 'redirect', data: { url: '{{url}}' } },
    feedIdentifier: 'incidents',
    actor: { type: 'system_icon', data: 'warning' },
  });

/**
 * The workflows the incident domain events trigger (see domain-triggers.ts). Payload: incidentId,
 * number, title, stationName, severity, url (`/incidents/<id>`); escalations add reason and
 * previousSeverity.
 */
export const INCIDENT_WORKFLOWS: TWorkflowCreate[] = [
  {
    name: 'Incident opened',
    triggerIdentifier: INCIDENT_OPENED_WORKFLOW,
    description: 'A new incident at a station the subscriber sees. Sent by the incident module.',
    active: true,
    critical: false,
    tags: ['incidents'],
    preferenceSettings: {},
    steps: [
      incidentStep(
        'In-app incident opened',
        '<strong>Incident #{{number}} opened: {{title}}</strong><br>{{stationName}} · severity {{severity}}',
      ),
    ],
  },
  {
    name: 'Incident escalated',
    triggerIdentifier: INCIDENT_ESCALATED_WORKFLOW,
    description:
      'An incident at a station the subscriber sees was raised in severity or reopened. Sent by the incident module.',
    active: true,
    critical: false,
    tags: ['incidents'],
    preferenceSettings: {},
    steps: [
      incidentStep(
        'In-app incident escalated',
        '<strong>Incident #{{number}} escalated: {{title}}</strong><br>{{stationName}} · severity {{severity}}{{#if previousSeverity}} (was {{previousSeverity}}){{/if}}{{#if reopened}} · reopened{{/if}}',
      ),
    ],
  },
];

/**
 * Creates the incident workflows the environment lacks (an admin's edits to existing ones are
 * kept). Idempotent, and safe against a concurrent creator.
 */
export async function ensureIncidentWorkflows(
  deps: Pick<NotifyDeps, 'db' | 'now'>,
  environment: EnvironmentRow,
  only?: string,
): Promise<void> {
  for (const workflow of INCIDENT_WORKFLOWS) {
    if (only !== undefined && workflow.triggerIdentifier !== only) continue;
    try {
      await createWorkflow(deps, environment, workflow);
    } catch (error) {
      // It exists already (seeded before, or another process created it in the meantime).
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
}

/**
 * The demo seed's notification data: an environment per organisation (a fresh secret key each;
 * `NOTIFY_SECRET_KEY` replaces the demo organisation's at startup) with the default workflows,
 * `system-announcement` among them. Returns how many environments were created. The incident
 * workflows above are created in an environment on the first incident event that needs them
 * (`ensureIncidentWorkflows`, called by domain-triggers.ts), so existing databases get them too.
 */
export function seedNotify(db: Db, now: number): Promise<number> {
  return ensureEnvironments({ db, now: () => now, keys: notifyKeys(db, () => now) });
}
