import { ZApiError, ZOnboardingStatus } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { requireCaller } from '../../http/caller';
import { getOnboardingStatus } from './onboarding.service';

/** The setup checklist: admins (it counts keys and people, which members cannot manage). */
export function onboardingRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/onboarding',
      {
        config: { grant: 'apikeys:r' },
        schema: {
          tags: ['organizations'],
          summary: "How far the organisation's setup is: stations, ingest keys, first data, people",
          response: { 200: ZOnboardingStatus, 401: ZApiError, 403: ZApiError },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getOnboardingStatus(db, requireCaller(request));
      },
    );
  };
}
