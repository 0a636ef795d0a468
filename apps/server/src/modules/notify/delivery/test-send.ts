import type { TIntegrationTestRequest, TIntegrationTestResult, TNotifyChannel } from '@forecourt/contracts';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { liveIntegration, requireIntegration } from '../integrations.service';
import type { EnvironmentRow, NotifyDeps } from '../notify.deps';
import { resolveSender } from './adapters';
import { recordAttempt } from './attempts.repository';
import { sendContext } from './context';
import type { DeliveryOptions } from './options';
import { createVendorHttp } from './outbound';
import { DeliveryError, type SendOutcome } from './vendor';

const ZEmailTarget = z.email();
const ZUrlTarget = z.url({ protocol: /^https?$/ });
const ZPhoneTarget = z.string().regex(/^\+?[0-9]{6,16}$/);

const PROVIDER_ERROR: Record<TNotifyChannel, number> = {
  in_app: 1007,
  email: 1008,
  sms: 1004,
  chat: 1005,
  push: 1010,
};

function invalidTarget(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid target: ${message}`, [{ path: 'target', message }]);
}

/**
 * Sends one message through an integration to the given target (an email address, a phone
 * number, a chat webhook URL, a device token) and reports the provider's answer, once, without
 * retrying. The outcome is recorded as the integration's last delivery; an integration of a
 * provider this version cannot send through is 400.
 */
export async function testIntegration(
  deps: Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'log'> & { delivery?: DeliveryOptions },
  environment: EnvironmentRow,
  integrationId: string,
  input: TIntegrationTestRequest,
): Promise<TIntegrationTestResult> {
  const row = await requireIntegration(deps.db, environment, integrationId);
  const integration = await liveIntegration(deps.keys, row);
  const options = deps.delivery ?? {};
  const sender = integration ? resolveSender(integration, deps.db, options) : undefined;
  if (!integration || !sender)
    throw new AppError(
      'BAD_REQUEST',
      `${integration?.provider.displayName ?? row.providerId} cannot send a test message`,
    );
  const { channel, id: providerId } = integration.provider;
  const subject = input.subject ?? 'Forecourt test message';
  const content =
    input.content ?? `This is a test message sent through the ${integration.row.name} integration.`;
  const now = deps.now();
  const transactionId = `test-${now}`;
  const meta = { transactionId, subscriberId: null, workflow: null };
  const ctx = sendContext(
    integration,
    options,
    createVendorHttp({
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.network === undefined ? {} : { network: options.network }),
    }),
    `fc-test-${row.id}-${now}`,
    deps.now,
  );

  let send: () => Promise<SendOutcome>;
  if (sender.channel === 'email') {
    if (!ZEmailTarget.safeParse(input.target).success) throw invalidTarget('must be an email address');
    const html = `<p>${content.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;
    send = () => sender.send(ctx, { to: input.target, subject, html, text: content, ...meta });
  } else if (sender.channel === 'sms') {
    const to = input.target.replace(/[\s()-]/g, '');
    if (!ZPhoneTarget.safeParse(to).success) throw invalidTarget('must be a phone number (E.164)');
    send = () => sender.send(ctx, { to, content, ...meta });
  } else if (sender.channel === 'chat') {
    if (!ZUrlTarget.safeParse(input.target).success) throw invalidTarget('must be an http(s) webhook URL');
    send = () => sender.send(ctx, { webhookUrl: input.target, content, title: subject });
  } else {
    send = () =>
      sender.send(ctx, {
        target: [input.target],
        title: subject,
        content,
        payload: {},
        subscriber: null,
        transactionId,
        workflow: null,
      });
  }
  let outcome: SendOutcome | undefined;
  let error: string | undefined;
  try {
    outcome = await send();
  } catch (failure) {
    error = failure instanceof DeliveryError ? failure.message : 'the provider could not be reached';
    if (!(failure instanceof DeliveryError))
      deps.log.error({ err: failure, integrationId: row.id }, 'integration test failed unexpectedly');
  }
  await recordAttempt(deps.db, {
    organizationId: row.organizationId,
    environmentId: row.environmentId,
    integrationId: row.id,
    providerId,
    jobId: null,
    sendKey: 'test',
    attempt: 1,
    outcome: error === undefined ? 'sent' : 'failed',
    kind: null,
    detail: (error === undefined ? 'Test message sent' : `Test message failed: ${error}`).slice(0, 500),
    raw: outcome?.raw?.slice(0, 300) ?? null,
    vendorMessageId: outcome?.messageId?.slice(0, 200) ?? null,
    retryAfterMs: null,
    createdAt: deps.now(),
  });
  deps.log.info(
    { environmentId: environment.id, integrationId: row.id, providerId, success: error === undefined },
    'integration test sent',
  );
  if (error === undefined) return { success: true, providerId, channel };
  return { success: false, providerId, channel, code: PROVIDER_ERROR[channel], error };
}
