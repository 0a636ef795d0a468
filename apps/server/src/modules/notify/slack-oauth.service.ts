import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, notFound } from '../../lib/app-error';
import { createVendorHttp } from './delivery/outbound';
import { findEnvironmentByApplicationIdentifier, findEnvironmentById } from './environments.repository';
import { secretKeyOf } from './environments.service';
import { fromHexId } from './ids';
import { findActiveIntegration, findIntegrationRow } from './integrations.repository';
import { liveIntegration } from './integrations.service';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { sameHash, subscriberHash } from './secrets';
import { findSubscriber, setChannelCredentials } from './subscribers.repository';

/**
 * Slack's "Add to Slack" for a subscriber (docs/PROVIDERS.md "Chat"): the start URL sends the
 * browser to Slack's authorize page (scope `incoming-webhook`) with a signed, expiring `state`;
 * Slack sends it back to the callback with a code, which is exchanged at `oauth.v2.access` (HTTP
 * Basic with the client id and secret) for the incoming webhook chosen by the user. Its URL is
 * stored on the subscriber's Slack channel credentials, where chat steps find it. With the
 * integration's `hmac` option, the start URL must carry the subscriber's HMAC (as the inbox does).
 */

const SLACK = 'https://slack.com';
const STATE_TTL_MS = 10 * 60_000;

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'log' | 'publicUrl' | 'delivery'>;

type State = { e: number; s: string; i: number; x: number };

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

function signState(secret: string, state: State): string {
  const payload = b64(JSON.stringify(state));
  return `${payload}.${mac(secret, payload)}`;
}

function readStatePayload(state: string): { payload: string; signature: string; claims: State } | null {
  const [payload, signature] = state.split('.');
  if (!payload || !signature) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as State;
    if (typeof claims.e !== 'number' || typeof claims.i !== 'number' || typeof claims.s !== 'string')
      return null;
    return { payload, signature, claims };
  } catch {
    return null;
  }
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

async function environmentOf(deps: Deps, environmentId: string): Promise<EnvironmentRow> {
  const id = fromHexId(environmentId);
  const environment =
    (id === null ? undefined : await findEnvironmentById(deps.db, id)) ??
    (await findEnvironmentByApplicationIdentifier(deps.db, environmentId));
  if (!environment) throw notFound('The environment');
  return environment;
}

/** The environment's active Slack integration (by identifier when given). */
async function slackIntegration(deps: Deps, environment: EnvironmentRow, identifier: string | undefined) {
  const row = await findActiveIntegration(deps.db, environment.id, 'slack', 'chat', identifier);
  const live = row ? await liveIntegration(deps.keys, row) : null;
  if (!live) throw notFound('An active Slack integration');
  const clientId = String(live.credentials.clientId ?? '');
  const secret = String(live.credentials.secretKey ?? '');
  if (!clientId || !secret) throw bad('The Slack integration needs its client id and client secret');
  return { live, clientId, secret };
}

const callbackUrl = (deps: Deps, subscriberId: string) =>
  `${deps.publicUrl}/v1/subscribers/${encodeURIComponent(subscriberId)}/credentials/slack/oauth/callback`;

/** Where "Add to Slack" starts: Slack's authorize URL for this subscriber. */
export async function slackAuthorizeUrl(
  deps: Deps,
  input: { subscriberId: string; environmentId: string; integrationIdentifier?: string; hmacHash?: string },
): Promise<string> {
  const environment = await environmentOf(deps, input.environmentId);
  const { live, clientId, secret } = await slackIntegration(deps, environment, input.integrationIdentifier);
  if (live.credentials.hmac === true) {
    const expected = subscriberHash(await secretKeyOf(deps, environment), input.subscriberId);
    if (!input.hmacHash || !sameHash(input.hmacHash, expected)) throw bad('Please provide a valid HMAC hash');
  }
  const subscriber = await findSubscriber(deps.db, environment.id, input.subscriberId);
  if (!subscriber) throw notFound('The subscriber');
  const state = signState(secret, {
    e: environment.id,
    s: input.subscriberId,
    i: live.row.id,
    x: deps.now() + STATE_TTL_MS,
  });
  const url = new URL('/oauth/v2/authorize', deps.delivery?.origins?.slack ?? SLACK);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', 'incoming-webhook');
  url.searchParams.set('redirect_uri', callbackUrl(deps, input.subscriberId));
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * The callback: checks the state (signature, expiry, subscriber), exchanges the code, stores the
 * webhook. Returns where to send the browser (the integration's redirect URL) or null.
 */
export async function completeSlackOAuth(
  deps: Deps,
  input: {
    subscriberId: string;
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
  },
): Promise<{ redirectUrl: string | null; channel: string | null }> {
  if (input.error) throw bad(`Slack did not authorize: ${input.error.slice(0, 100)}`);
  if (!input.code || !input.state) throw bad('The Slack callback needs code and state');
  const parsed = readStatePayload(input.state);
  if (!parsed) throw bad('Invalid OAuth state');
  const { claims } = parsed;
  const environment = await findEnvironmentById(deps.db, claims.e);
  if (!environment) throw bad('Invalid OAuth state');
  const row = await findIntegrationRow(deps.db, environment.id, claims.i);
  const live = row ? await liveIntegration(deps.keys, row) : null;
  const secret = String(live?.credentials.secretKey ?? '');
  const expected = Buffer.from(mac(secret, parsed.payload));
  const presented = Buffer.from(parsed.signature);
  if (!live || !secret || expected.length !== presented.length || !timingSafeEqual(expected, presented))
    throw bad('Invalid OAuth state');
  if (claims.s !== input.subscriberId) throw bad('Invalid OAuth state');
  if (claims.x < deps.now()) throw bad('The OAuth state has expired: start again');
  const subscriber = await findSubscriber(deps.db, environment.id, claims.s);
  if (!subscriber) throw notFound('The subscriber');

  const options = deps.delivery ?? {};
  const http = createVendorHttp({
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.network === undefined ? {} : { network: options.network }),
  });
  const clientId = String(live.credentials.clientId ?? '');
  const answer = await http({
    url: `${options.origins?.slack ?? SLACK}/api/oauth.v2.access`,
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { code: input.code, redirect_uri: callbackUrl(deps, claims.s) },
  }).catch((error: unknown) => {
    throw bad(`Slack could not be reached: ${(error as Error).message}`);
  });
  const body = (answer.json ?? {}) as {
    ok?: boolean;
    error?: string;
    incoming_webhook?: { url?: string; channel?: string; channel_id?: string };
  };
  const webhookUrl = body.incoming_webhook?.url;
  if (
    answer.status !== 200 ||
    body.ok !== true ||
    typeof webhookUrl !== 'string' ||
    !/^https:\/\//.test(webhookUrl)
  )
    throw bad(`Slack refused the code: ${String(body.error ?? `HTTP ${answer.status}`).slice(0, 100)}`);
  await setChannelCredentials(
    deps.db,
    subscriber.id,
    {
      providerId: 'slack',
      integrationIdentifier: live.row.identifier,
      credentials: {
        webhookUrl,
        ...(body.incoming_webhook?.channel ? { channel: body.incoming_webhook.channel } : {}),
      },
    },
    deps.now(),
  );
  deps.log.info(
    { environmentId: environment.id, integrationId: live.row.id },
    'slack webhook connected for a subscriber',
  );
  const redirect = typeof live.credentials.redirectUrl === 'string' ? live.credentials.redirectUrl : null;
  return { redirectUrl: redirect, channel: body.incoming_webhook?.channel ?? null };
}
