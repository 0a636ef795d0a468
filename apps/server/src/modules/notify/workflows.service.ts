import { randomBytes } from 'node:crypto';
import type { TSortDirection } from '@forecourt/contracts';
import {
  NOTIFY_CHANNELS,
  type TChannelPreferences,
  type TNotifyChannel,
  type TWorkflowCreate,
  type TWorkflowStep,
  type TWorkflowUpdate,
  ZWorkflowStepInput,
} from '@forecourt/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { fromHexId, toHexId } from './ids';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { templateError, templateVariables } from './templates';
import {
  deleteWorkflow,
  ensureFeeds,
  findWorkflowById,
  findWorkflowByTrigger,
  insertWorkflow,
  listWorkflows,
  updateWorkflow,
  type WorkflowRow,
} from './workflows.repository';

type Deps = Pick<NotifyDeps, 'db' | 'now'>;
type StepInput = z.output<typeof ZWorkflowStepInput>;

export const parseSteps = (row: { steps: string }): TWorkflowStep[] =>
  JSON.parse(row.steps) as TWorkflowStep[];
export const parsePreferenceSettings = (row: { preferenceSettings: string }): TChannelPreferences =>
  JSON.parse(row.preferenceSettings) as TChannelPreferences;
export const parseTags = (row: { tags: string }): string[] => JSON.parse(row.tags) as string[];

/** The channels a workflow has active steps for (what its inbox preference row shows). */
export function activeChannels(steps: readonly TWorkflowStep[]): TNotifyChannel[] {
  return NOTIFY_CHANNELS.filter((channel) => steps.some((step) => step.active && step.type === channel));
}

export function slugifyIdentifier(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 100) || 'workflow';
}

/** Ids for new steps, names for unnamed ones, and a 400 for any template that does not compile. */
function normaliseSteps(steps: readonly StepInput[]): TWorkflowStep[] {
  const ids = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  const out = steps.map((step, index) => {
    let id = step.id ?? randomBytes(6).toString('hex');
    while (ids.has(id)) id = randomBytes(6).toString('hex');
    ids.add(id);
    const templatesOfStep: [string, string | undefined][] = [
      ['content', step.content],
      ['subject', step.subject],
      ['cta.data.url', step.cta?.data.url],
      ...(step.cta?.action?.buttons ?? []).flatMap((button, b): [string, string | undefined][] => [
        [`cta.action.buttons.${b}.content`, button.content],
        [`cta.action.buttons.${b}.url`, button.url],
      ]),
    ];
    for (const [path, source] of templatesOfStep) {
      const error = templateError(source);
      if (error) problems.push({ path: `steps.${index}.${path}`, message: error });
    }
    return { ...step, id, name: step.name || step.type } as TWorkflowStep;
  });
  if (problems.length > 0) {
    const [first] = problems;
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid template at ${first?.path}: ${first?.message}`,
      problems,
    );
  }
  return out;
}

async function feedsOf(deps: Deps, environment: EnvironmentRow, steps: readonly TWorkflowStep[]) {
  const identifiers = steps
    .filter((step) => step.type === 'in_app' && step.feedIdentifier)
    .map((step) => step.feedIdentifier as string);
  await ensureFeeds(deps.db, environment, identifiers, deps.now());
}

export async function createWorkflow(deps: Deps, environment: EnvironmentRow, input: TWorkflowCreate) {
  const steps = normaliseSteps(input.steps);
  const triggerIdentifier = input.triggerIdentifier ?? slugifyIdentifier(input.name);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await feedsOf({ ...deps, db: trx }, environment, steps);
    const row = await insertWorkflow(trx, {
      environmentId: environment.id,
      organizationId: environment.organizationId,
      triggerIdentifier,
      name: input.name,
      description: input.description,
      active: input.active ? 1 : 0,
      critical: input.critical ? 1 : 0,
      severity: input.severity ?? 'none',
      tags: JSON.stringify(input.tags),
      steps: JSON.stringify(steps),
      preferenceSettings: JSON.stringify(input.preferenceSettings),
      data: input.data === undefined ? null : JSON.stringify(input.data),
      createdAt: now,
      updatedAt: now,
    });
    if (!row) {
      throw new AppError('CONFLICT', `A workflow with the trigger identifier "${triggerIdentifier}" exists`);
    }
    return row;
  });
}

/** A workflow of the environment by its wire id; 404 for unknown ids and other environments'. */
export async function requireWorkflow(
  deps: Deps,
  environment: EnvironmentRow,
  id: string,
): Promise<WorkflowRow> {
  const rowId = fromHexId(id);
  const row = rowId === null ? undefined : await findWorkflowById(deps.db, environment.id, rowId);
  if (!row) throw notFound('Workflow');
  return row;
}

export async function changeWorkflow(
  deps: Deps,
  environment: EnvironmentRow,
  id: string,
  input: TWorkflowUpdate,
): Promise<WorkflowRow> {
  const current = await requireWorkflow(deps, environment, id);
  const steps = input.steps === undefined ? undefined : normaliseSteps(input.steps);
  return deps.db.transaction().execute(async (trx) => {
    if (steps) await feedsOf({ ...deps, db: trx }, environment, steps);
    const row = await updateWorkflow(trx, environment.id, current.id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
      ...(input.critical === undefined ? {} : { critical: input.critical ? 1 : 0 }),
      ...(input.severity === undefined ? {} : { severity: input.severity }),
      ...(input.tags === undefined ? {} : { tags: JSON.stringify(input.tags) }),
      ...(steps === undefined ? {} : { steps: JSON.stringify(steps) }),
      ...(input.preferenceSettings === undefined
        ? {}
        : { preferenceSettings: JSON.stringify(input.preferenceSettings) }),
      ...(input.data === undefined ? {} : { data: JSON.stringify(input.data) }),
      updatedAt: deps.now(),
    });
    if (!row) throw notFound('Workflow');
    return row;
  });
}

export async function removeWorkflow(deps: Deps, environment: EnvironmentRow, id: string): Promise<void> {
  const row = await requireWorkflow(deps, environment, id);
  await deleteWorkflow(deps.db, environment.id, row.id);
}

export async function getWorkflowPage(
  deps: Deps,
  environment: EnvironmentRow,
  query: { page: number; limit: number; query?: string; orderDirection?: TSortDirection | undefined },
) {
  const { rows, count } = await listWorkflows(deps.db, environment.id, query);
  return {
    totalCount: count,
    data: rows.map(presentWorkflow),
    page: query.page,
    pageSize: query.limit,
  };
}

/** The workflow in Novu's notification-template shape (each step also flat, for our own UI). */
export function presentWorkflow(row: WorkflowRow) {
  const steps = parseSteps(row);
  const preferences = parsePreferenceSettings(row);
  const variables = new Set<string>();
  for (const step of steps) {
    for (const source of [step.content, step.subject, step.cta?.data.url]) {
      for (const name of templateVariables(source)) variables.add(name);
    }
  }
  return {
    _id: toHexId(row.id),
    id: toHexId(row.id),
    name: row.name,
    description: row.description,
    active: row.active === 1,
    draft: false,
    critical: row.critical === 1,
    severity: row.severity,
    tags: parseTags(row),
    steps: steps.map((step) => ({
      ...step,
      _id: step.id,
      _templateId: step.id,
      template: {
        _id: step.id,
        name: step.name,
        type: step.type,
        content: step.content,
        ...(step.subject === undefined ? {} : { subject: step.subject }),
        ...(step.cta === undefined ? {} : { cta: step.cta }),
        ...(step.feedIdentifier ? { feedIdentifier: step.feedIdentifier } : {}),
        ...(step.actor === undefined ? {} : { actor: step.actor }),
      },
    })),
    triggers: [
      {
        type: 'event',
        identifier: row.triggerIdentifier,
        variables: [...variables].sort().map((name) => ({ name })),
        subscriberVariables: [],
      },
    ],
    preferenceSettings: Object.fromEntries(
      NOTIFY_CHANNELS.map((channel) => [channel, preferences[channel] ?? true]),
    ),
    ...(row.data === null ? {} : { data: JSON.parse(row.data) as unknown }),
    _environmentId: toHexId(row.environmentId),
    _organizationId: toHexId(row.organizationId),
    deleted: false,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Workflows every environment starts with. */
export const DEFAULT_WORKFLOWS: TWorkflowCreate[] = [
  {
    name: 'System announcement',
    triggerIdentifier: 'system-announcement',
    description:
      "An announcement from the organisation's admins to everyone or one member. Payload: title, body, and an optional url the message links to.",
    active: true,
    critical: false,
    severity: 'none',
    tags: ['system'],
    preferenceSettings: {},
    steps: [
      ZWorkflowStepInput.parse({
        id: 'in-app',
        name: 'In-app announcement',
        type: 'in_app',
        content: '<strong>{{title}}</strong>{{#if body}}<br>{{body}}{{/if}}',
        cta: { type: 'redirect', data: { url: '{{url}}' } },
        feedIdentifier: 'announcements',
        actor: { type: 'system_icon', data: 'info' },
      }),
    ],
  },
];

/** Creates the default workflows the environment does not have yet. */
export async function ensureDefaultWorkflows(deps: Deps, environment: EnvironmentRow): Promise<void> {
  for (const workflow of DEFAULT_WORKFLOWS) {
    if (await findWorkflowByTrigger(deps.db, environment.id, workflow.triggerIdentifier ?? '')) continue;
    try {
      await createWorkflow(deps, environment, workflow);
    } catch (error) {
      // Another process created it in the meantime.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
}
