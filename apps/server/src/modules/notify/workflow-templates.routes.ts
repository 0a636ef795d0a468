import { ZWorkflowEntity, ZWorkflowFromTemplate, ZWorkflowTemplate } from '@forecourt/contracts';
import { z } from 'zod';
import type { NotifyDeps } from './notify.deps';
import { type Operation, op } from './notify.routes';
import { createWorkflowFromTemplate, listWorkflowTemplates } from './workflow-templates';
import { presentWorkflow } from './workflows.service';

const ZTemplateParams = z.object({ templateId: z.string().trim().min(1).max(100) });

/** The template store, under `/v1` (ApiKey) and `/api/platform/notifications`; gated by `template-store`. */
export function workflowTemplateOperations(deps: NotifyDeps): Operation[] {
  return [
    op({
      method: 'GET',
      path: '/workflow-templates',
      feature: 'template-store',
      grant: 'notifications:r',
      summary: 'The workflow template store: ready-made workflows to copy',
      schema: {},
      response: z.array(ZWorkflowTemplate),
      status: 200,
      envelope: 'data',
      run: async () => listWorkflowTemplates(),
    }),
    op({
      method: 'POST',
      path: '/workflow-templates/:templateId/workflows',
      feature: 'template-store',
      grant: 'notifications:c',
      summary: 'Create a workflow from a template (409 when the trigger identifier is taken)',
      schema: { params: ZTemplateParams, body: ZWorkflowFromTemplate },
      response: ZWorkflowEntity,
      status: 201,
      envelope: 'data',
      run: async (environment, { params, body }) =>
        presentWorkflow(await createWorkflowFromTemplate(deps, environment, params.templateId, body)),
    }),
  ];
}
