import { z } from 'zod';
import { ZStepType } from './enums';
import { ZWorkflowStepInput } from './workflow';

const ZJsonObject = z.record(z.string(), z.unknown());

/** `POST /api/platform/notifications/workflows/preview`: steps being edited and sample values. */
export const ZWorkflowPreviewRequest = z.object({
  steps: z.array(ZWorkflowStepInput).max(30),
  /** The sample trigger payload (`{{title}}` and `{{payload.title}}` both read it). */
  payload: ZJsonObject.default({}),
  /** A sample subscriber (`{{subscriber.firstName}}`). */
  subscriber: ZJsonObject.optional(),
  /** A sample actor (`{{actor.firstName}}`). */
  actor: ZJsonObject.optional(),
  tenant: ZJsonObject.optional(),
});
export type TWorkflowPreviewRequest = z.input<typeof ZWorkflowPreviewRequest>;

const ZPreviewButton = z.object({ type: z.string(), content: z.string(), url: z.string().optional() });

/** One rendered step of a preview. */
export const ZPreviewStep = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  type: ZStepType,
  /** Only channel steps render content; digest, delay and trigger steps come back with this false. */
  rendered: z.boolean(),
  content: z.string(),
  subject: z.string().optional(),
  cta: z.object({ url: z.string(), buttons: z.array(ZPreviewButton) }).optional(),
});
export type TPreviewStep = z.infer<typeof ZPreviewStep>;

export const ZWorkflowPreview = z.object({ steps: z.array(ZPreviewStep) });
export type TWorkflowPreview = z.infer<typeof ZWorkflowPreview>;
