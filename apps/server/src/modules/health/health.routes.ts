import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers while the process accepts requests',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/health/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 503 while the process drains before it stops (load balancers stop sending)',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('draining') }),
        },
      },
    },
    (_request, reply) => {
      if (app.hasDecorator('drain') && app.drain.draining) {
        reply.code(503);
        return { status: 'draining' as const };
      }
      return { status: 'ok' as const };
    },
  );
};
