import {
  ORG_MISSING_HEADER,
  ORG_SIGNUP_PATH,
  ZApiError,
  ZAuthProviders,
  ZLoginResponse,
  ZOAuthCallbackRequest,
  ZOAuthProvider,
} from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OAuthService } from './oauth.service';
import { FLOW_COOKIE, readCookie } from './oauth-flow-cookie';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ZApiError]));
const ZProviderParams = z.object({ provider: ZOAuthProvider });

/** Sign in with Google / GitHub (docs/API.md, "Sign in with a provider"). */
export function oauthRoutes(service: OAuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/auth/providers',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'The sign-in providers configured on this server',
          response: { 200: ZAuthProviders },
        },
      },
      async () => ({ providers: service.providers() }),
    );

    app.get(
      '/api/auth/oauth/:provider/start',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Start signing in with a provider (302 to the provider)',
          params: ZProviderParams,
          querystring: z.object({ redirect_url: z.string().max(2000).optional() }),
          response: errors(400, 404, 503),
        },
      },
      async (request, reply) => {
        const { location, cookie } = await service.start(request.params.provider, request.query.redirect_url);
        return reply.header('set-cookie', cookie).redirect(location, 302);
      },
    );

    app.post(
      '/api/auth/oauth/:provider/callback',
      {
        config: { auth: 'public' },
        bodyLimit: 8 * 1024,
        schema: {
          tags: ['auth'],
          summary: 'Finish signing in with a provider: the query string it redirected the browser with',
          params: ZProviderParams,
          body: ZOAuthCallbackRequest,
          response: { 200: ZLoginResponse, ...errors(400, 403, 404, 503) },
        },
      },
      async (request, reply) => {
        // The flow is single-use: whatever the outcome, the browser forgets it.
        reply.header('set-cookie', service.clearedCookie);
        const sealed = readCookie(request.headers.cookie, FLOW_COOKIE);
        const { organizationId, redirectUrl, ...tokens } = await service.finish(
          request.params.provider,
          request.body.query,
          sealed,
        );
        if (organizationId !== null) return redirectUrl ? { ...tokens, redirect_url: redirectUrl } : tokens;
        reply.header(ORG_MISSING_HEADER, 'true');
        return { ...tokens, redirect_url: ORG_SIGNUP_PATH };
      },
    );
  };
}
