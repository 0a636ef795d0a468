import {
  isChannelStep,
  type TWorkflowPreview,
  ZApiError,
  ZWorkflowPreview,
  ZWorkflowPreviewRequest,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { type RenderMode, renderTemplate } from './templates';
import { safeUrl } from './worker-plan';

/** Each channel's content is HTML for in-app and email (values escaped), text for the others. */
const CONTENT_MODE: Record<string, RenderMode> = {
  in_app: 'html',
  email: 'html',
  sms: 'text',
  chat: 'text',
  push: 'text',
};

const SAMPLE_SUBSCRIBER = {
  subscriberId: 'sample-subscriber',
  firstName: 'Asha',
  lastName: 'Kulkarni',
  email: 'asha@example.com',
  phone: '+919800000000',
  locale: 'en',
  data: {},
};

/**
 * Renders the steps of a workflow being edited with the real template engine and a sample payload,
 * as the worker would (same context: the payload at the top level and as `payload`, `subscriber`,
 * `actor`, `tenant`). A template that does not compile or fails to render is a 400 naming the
 * step field. Nothing is stored or sent.
 */
export function previewSteps(input: z.output<typeof ZWorkflowPreviewRequest>): TWorkflowPreview {
  const payload = input.payload;
  const context = {
    ...payload,
    payload,
    subscriber: { ...SAMPLE_SUBSCRIBER, ...input.subscriber },
    actor: input.actor ?? null,
    tenant: input.tenant ?? null,
    step: { digest: false, events: [], total_count: 0 },
  };
  const problems: { path: string; message: string }[] = [];
  const render = (path: string, source: string | undefined, mode: RenderMode): string => {
    try {
      return renderTemplate(source, context, mode);
    } catch (error) {
      problems.push({
        path,
        message:
          error instanceof Error ? (error.message.split('\n')[0] ?? 'invalid template') : 'invalid template',
      });
      return '';
    }
  };
  const steps = input.steps.map((step, index) => {
    const base = { index, id: step.id ?? null, type: step.type };
    if (!isChannelStep(step.type)) return { ...base, rendered: false, content: '' };
    const at = `steps.${index}`;
    const content = render(`${at}.content`, step.content, CONTENT_MODE[step.type] ?? 'text');
    const subject = step.subject === undefined ? undefined : render(`${at}.subject`, step.subject, 'text');
    const cta =
      step.type === 'in_app' && step.cta
        ? {
            url: safeUrl(render(`${at}.cta.data.url`, step.cta.data.url, 'text')),
            buttons: (step.cta.action?.buttons ?? []).map((button, b) => ({
              type: button.type,
              content: render(`${at}.cta.action.buttons.${b}.content`, button.content, 'text'),
              ...(button.url === undefined
                ? {}
                : { url: safeUrl(render(`${at}.cta.action.buttons.${b}.url`, button.url, 'text')) }),
            })),
          }
        : undefined;
    return {
      ...base,
      rendered: true,
      content,
      ...(subject === undefined ? {} : { subject }),
      ...(cta === undefined ? {} : { cta }),
    };
  });
  if (problems.length > 0) {
    const [first] = problems;
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid template at ${first?.path}: ${first?.message}`,
      problems,
    );
  }
  return { steps };
}

/** `POST /api/platform/notifications/workflows/preview`: the workflow editor's live preview. */
export function previewRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/platform/notifications/workflows/preview',
      {
        config: { grant: 'notifications:r' },
        schema: {
          tags: ['notification platform'],
          summary:
            'Render workflow steps with a sample payload (the real templates and helpers); 400 names a broken template',
          body: ZWorkflowPreviewRequest,
          response: {
            200: z.object({ data: ZWorkflowPreview }),
            400: ZApiError,
            401: ZApiError,
            403: ZApiError,
          },
        },
      },
      async (request) => ({ data: previewSteps(request.body) }),
    );
  };
}
