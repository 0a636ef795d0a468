import type { TIntegrationTestRequest, TIntegrationTestResult, TNotifyChannel } from '@forecourt/contracts';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { liveIntegration, requireIntegration } from '../integrations.service';
import type { EnvironmentRow, NotifyDeps } from '../notify.deps';
import { sendChat } from './chat';
import { sendEmail } from './email';
import { DeliveryError, type PostOptions } from './http';
import { sendPush } from './push';

const ZEmailTarget = z.email();
const ZUrlTarget = z.url({ protocol: /^https?$/ });

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
 * Sends one message through an integration to the given target (an email address, a chat webhook
 * URL, a device token) and reports the provider's answer. Nothing is stored; an integration of a
 * provider this version cannot send through is 400.
 */
export async function testIntegration(
  deps: Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'log'> & { delivery?: PostOptions },
  environment: EnvironmentRow,
  integrationId: string,
  input: TIntegrationTestRequest,
): Promise<TIntegrationTestResult> {
  const row = await requireIntegration(deps.db, environment, integrationId);
  const integration = await liveIntegration(deps.keys, row);
  if (!integration?.provider.delivers || integration.provider.channel === 'in_app')
    throw new AppError(
      'BAD_REQUEST',
      `${integration?.provider.displayName ?? row.providerId} cannot send a test message`,
    );
  const { channel, id: providerId } = integration.provider;
  const subject = input.subject ?? 'Forecourt test message';
  const content =
    input.content ?? `This is a test message sent through the ${integration.row.name} integration.`;
  const options: PostOptions = { now: deps.now, ...deps.delivery };
  const transactionId = `test-${deps.now()}`;

  let send: () => Promise<unknown>;
  if (channel === 'email') {
    if (!ZEmailTarget.safeParse(input.target).success) throw invalidTarget('must be an email address');
    send = () =>
      sendEmail(
        integration,
        {
          to: input.target,
          subject,
          html: `<p>${content.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
          text: content,
          transactionId,
          subscriberId: null,
          workflow: null,
        },
        options,
      );
  } else if (channel === 'chat') {
    if (!ZUrlTarget.safeParse(input.target).success) throw invalidTarget('must be an http(s) webhook URL');
    send = () => sendChat(providerId, { webhookUrl: input.target, content, title: subject }, options);
  } else {
    send = () =>
      sendPush(
        integration,
        {
          target: [input.target],
          title: subject,
          content,
          payload: {},
          subscriber: null,
          transactionId,
          workflow: null,
        },
        options,
      );
  }
  try {
    await send();
    deps.log.info(
      { environmentId: environment.id, integrationId: row.id, providerId },
      'integration test sent',
    );
    return { success: true, providerId, channel };
  } catch (error) {
    const message = error instanceof DeliveryError ? error.message : 'the provider could not be reached';
    if (!(error instanceof DeliveryError))
      deps.log.error({ err: error, integrationId: row.id }, 'integration test failed unexpectedly');
    return { success: false, providerId, channel, code: PROVIDER_ERROR[channel], error: message };
  }
}
