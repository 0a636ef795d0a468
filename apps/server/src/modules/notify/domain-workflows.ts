import { type TWorkflowCreate, ZWorkflowStepInput } from '@forecourt/contracts';

type Step = TWorkflowCreate['steps'][number];

import { AppError } from '../../lib/app-error';
import { environmentsWithoutDomainWorkflows, markDomainWorkflows } from './environments.repository';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { createWorkflow } from './workflows.service';

/**
 * The workflows the dashboard's domain events trigger (see domain-triggers.ts), one per event,
 * each an in-app step that links to the record. They exist from the start: created with the
 * environment (at organisation signup, in the demo seed) and, for environments that predate them,
 * once by the startup step (`provisionAllDomainWorkflows`). After that they belong to the admins:
 * edits are kept and a deleted one is not recreated (its events are then not sent). The payload of
 * each is documented next to it.
 */
export const INCIDENT_OPENED_WORKFLOW = 'incident-opened';
export const INCIDENT_ESCALATED_WORKFLOW = 'incident-escalated';
export const ACCESS_REQUEST_CREATED_WORKFLOW = 'access-request-created';
export const ACCESS_REQUEST_DECIDED_WORKFLOW = 'access-request-decided';
export const CARD_ACTIVATION_REQUESTED_WORKFLOW = 'card-activation-requested';
export const CARD_ACTIVATION_DECIDED_WORKFLOW = 'card-activation-decided';
export const SETTLEMENT_READY_WORKFLOW = 'settlement-ready';
export const REVIEW_POSTED_WORKFLOW = 'review-posted';

type Icon = 'warning' | 'info' | 'success' | 'question';

/** One in-app step with a redirect to `{{url}}`, in the feed of `feed`, with a system icon. */
const inAppStep = (name: string, content: string, feed: string, icon: Icon): Step =>
  ZWorkflowStepInput.parse({
    id: 'in-app',
    name,
    type: 'in_app',
    content,
    cta: { type: 'redirect', data: { url: '{{url}}' } },
    feedIdentifier: feed,
    actor: { type: 'system_icon', data: icon },
  });

const workflow = (
  triggerIdentifier: string,
  name: string,
  description: string,
  tags: string[],
  step: Step,
): TWorkflowCreate => ({
  name,
  triggerIdentifier,
  description,
  active: true,
  critical: false,
  // Triggers that know better (an incident's own severity) override it.
  severity: 'none',
  tags,
  preferenceSettings: {},
  steps: [step],
});

export const DOMAIN_WORKFLOWS: TWorkflowCreate[] = [
  // Payload: incidentId, number, title, stationName, severity, status, slaDueAt (ISO), url (`/incidents/<id>`).
  workflow(
    INCIDENT_OPENED_WORKFLOW,
    'Incident opened',
    'A new incident at a station the subscriber sees. Sent by the incident module.',
    ['incidents'],
    inAppStep(
      'In-app incident opened',
      '<strong>Incident #{{number}} opened: {{title}}</strong><br>{{stationName}} · severity {{severity}}',
      'incidents',
      'warning',
    ),
  ),
  // Payload: as incident-opened, plus reason, reopened and previousSeverity.
  workflow(
    INCIDENT_ESCALATED_WORKFLOW,
    'Incident escalated',
    'An incident at a station the subscriber sees was raised in severity or reopened. Sent by the incident module.',
    ['incidents'],
    inAppStep(
      'In-app incident escalated',
      '<strong>Incident #{{number}} escalated: {{title}}</strong><br>{{stationName}} · severity {{severity}}{{#if previousSeverity}} (was {{previousSeverity}}){{/if}}{{#if reopened}} · reopened{{/if}}',
      'incidents',
      'warning',
    ),
  ),
  // Payload: requestId, requesterName, stationName, url (`/access-requests`).
  workflow(
    ACCESS_REQUEST_CREATED_WORKFLOW,
    'Station access requested',
    'A member asked for access to a station; sent to the organisation’s admins.',
    ['requests'],
    inAppStep(
      'In-app access requested',
      '<strong>{{requesterName}} asked for access to {{stationName}}</strong><br>Approve or reject the request.',
      'requests',
      'question',
    ),
  ),
  // Payload: requestId, stationName, decision (approved | rejected), approved, reason, url.
  workflow(
    ACCESS_REQUEST_DECIDED_WORKFLOW,
    'Station access decided',
    'The requester hears whether their station access request was approved or rejected.',
    ['requests'],
    inAppStep(
      'In-app access decided',
      '<strong>Your access to {{stationName}} was {{decision}}</strong>{{#if reason}}<br>{{reason}}{{/if}}',
      'requests',
      'info',
    ),
  ),
  // Payload: requestId, cardId, maskedNumber, requestedBy, url (`/cards/activation-requests`).
  workflow(
    CARD_ACTIVATION_REQUESTED_WORKFLOW,
    'Card activation requested',
    'A card activation request waits for a decision; sent to the organisation’s admins.',
    ['cards'],
    inAppStep(
      'In-app card activation requested',
      '<strong>Card {{maskedNumber}} waits for activation</strong><br>Requested by {{requestedBy}}',
      'cards',
      'question',
    ),
  ),
  // Payload: requestId, cardId, maskedNumber, decision, approved, reason, url (`/cards/<id>`).
  workflow(
    CARD_ACTIVATION_DECIDED_WORKFLOW,
    'Card activation decided',
    'A card activation request was approved (the card is active) or rejected; sent to the other admins.',
    ['cards'],
    inAppStep(
      'In-app card activation decided',
      '<strong>Card {{maskedNumber}}: activation {{decision}}</strong>{{#if reason}}<br>{{reason}}{{/if}}',
      'cards',
      'success',
    ),
  ),
  // Payload: settlementId, programSlug, stationName, net (rupees, formatted), periodStart, periodEnd, url.
  workflow(
    SETTLEMENT_READY_WORKFLOW,
    'Settlement ready',
    'A loyalty settlement was paid out and its statement is ready; sent to those who see the station.',
    ['loyalty'],
    inAppStep(
      'In-app settlement ready',
      '<strong>Settlement for {{stationName}} is ready</strong><br>Net {{net}} for {{periodStart}} – {{periodEnd}}',
      'loyalty',
      'success',
    ),
  ),
  // Payload: reviewId, stationName, rating, stars, authorName, url (`/stations/<slug>/reviews`).
  workflow(
    REVIEW_POSTED_WORKFLOW,
    'Review posted',
    'A customer reviewed a station; sent to those who see the station.',
    ['reviews'],
    inAppStep(
      'In-app review posted',
      '<strong>New {{rating}}-star review of {{stationName}}</strong><br>by {{authorName}}',
      'reviews',
      'info',
    ),
  ),
];

/**
 * Creates the domain workflows the environment lacks (`only`: just that trigger). Idempotent and
 * safe against a concurrent creator; existing workflows are left as the admin edited them.
 */
export async function ensureDomainWorkflows(
  deps: Pick<NotifyDeps, 'db' | 'now'>,
  environment: EnvironmentRow,
  only?: string,
): Promise<void> {
  for (const definition of DOMAIN_WORKFLOWS) {
    if (only !== undefined && definition.triggerIdentifier !== only) continue;
    try {
      await createWorkflow(deps, environment, definition);
    } catch (error) {
      // It exists already (seeded before, or another process created it in the meantime).
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
}

/**
 * Creates the domain workflows in an environment that never had them (`domainWorkflowsAt` null)
 * and records it; nothing when they were created before. Safe against a concurrent provisioner.
 */
export async function provisionDomainWorkflows(
  deps: Pick<NotifyDeps, 'db' | 'now'>,
  environment: EnvironmentRow,
): Promise<void> {
  if (environment.domainWorkflowsAt !== null) return;
  await ensureDomainWorkflows(deps, environment);
  await markDomainWorkflows(deps.db, environment.id, deps.now());
}

/** The startup step: every environment that never had the domain workflows gets them. */
export async function provisionAllDomainWorkflows(deps: Pick<NotifyDeps, 'db' | 'now'>): Promise<number> {
  const pending = await environmentsWithoutDomainWorkflows(deps.db);
  for (const environment of pending) await provisionDomainWorkflows(deps, environment);
  return pending.length;
}
