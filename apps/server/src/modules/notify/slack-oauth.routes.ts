import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotifyDeps } from './notify.deps';
import { completeSlackOAuth, slackAuthorizeUrl } from './slack-oauth.service';

const ZParams = z.object({ subscriberId: z.string().trim().min(1).max(200) });
const ZStart = z.object({
  /** The environment's id (or its application identifier). */
  environmentId: z.string().trim().min(1).max(200),
  integrationIdentifier: z.string().trim().min(1).max(100).optional(),
  hmacHash: z.string().trim().max(200).optional(),
});
const ZCallback = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

const CONNECTED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack connected</title></head>
<body><p>Slack is connected: notifications will be posted to the channel you chose. You can close this window.</p></body></html>`;

/**
 * "Add to Slack" for a subscriber (public: the browser comes from the app and from Slack):
 * `GET /v1/subscribers/{subscriberId}/credentials/slack/oauth` redirects to Slack, and Slack
 * redirects back to `…/oauth/callback`.
 */
export function slackOAuthRoutes(deps: NotifyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    app.get(
      '/v1/subscribers/:subscriberId/credentials/slack/oauth',
      {
        config: { v1: 'public' },
        schema: {
          tags,
          summary: 'Start "Add to Slack" for a subscriber',
          params: ZParams,
          querystring: ZStart,
        },
      },
      async (request, reply) => {
        const url = await slackAuthorizeUrl(deps, {
          subscriberId: request.params.subscriberId,
          environmentId: request.query.environmentId,
          ...(request.query.integrationIdentifier
            ? { integrationIdentifier: request.query.integrationIdentifier }
            : {}),
          ...(request.query.hmacHash ? { hmacHash: request.query.hmacHash } : {}),
        });
        return reply.redirect(url, 302);
      },
    );
    app.get(
      '/v1/subscribers/:subscriberId/credentials/slack/oauth/callback',
      {
        config: { v1: 'public' },
        schema: { tags, summary: "Slack's OAuth callback", params: ZParams, querystring: ZCallback },
      },
      async (request, reply) => {
        const done = await completeSlackOAuth(deps, {
          subscriberId: request.params.subscriberId,
          ...request.query,
        });
        if (done.redirectUrl) return reply.redirect(done.redirectUrl, 302);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(CONNECTED_PAGE);
      },
    );
  };
}
