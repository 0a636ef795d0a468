import type { TWorkflowCreate, TWorkflowFromTemplate, TWorkflowTemplate } from '@forecourt/contracts';
import { notFound } from '../../lib/app-error';
import { DOMAIN_WORKFLOWS } from './domain-workflows';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { createWorkflow } from './workflows.service';

/**
 * The workflow template store (NOTIFY_FEATURES `template-store`): ready-made workflows an admin
 * copies into the environment, then edits like any other. The store holds the dashboard's own
 * domain workflows (so a deleted one can be brought back, or copied under another identifier);
 * a template's id is its trigger identifier.
 */
const STORE: readonly TWorkflowCreate[] = DOMAIN_WORKFLOWS;

export function listWorkflowTemplates(): TWorkflowTemplate[] {
  return STORE.map((workflow) => ({
    id: workflow.triggerIdentifier as string,
    name: workflow.name,
    description: workflow.description,
    tags: [...workflow.tags],
    stepTypes: workflow.steps.map((step) => step.type),
  }));
}

/** A new workflow from a template (404 for an unknown template, 409 for a taken identifier). */
export async function createWorkflowFromTemplate(
  deps: NotifyDeps,
  environment: EnvironmentRow,
  templateId: string,
  input: TWorkflowFromTemplate,
) {
  const template = STORE.find((workflow) => workflow.triggerIdentifier === templateId);
  if (!template) throw notFound('Workflow template');
  return createWorkflow(deps, environment, {
    ...template,
    name: input.name ?? template.name,
    triggerIdentifier: input.triggerIdentifier ?? template.triggerIdentifier,
  });
}
