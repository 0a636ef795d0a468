import type { LiveIntegration } from '../integrations.service';
import { type PostOptions, postJson } from './http';

/** What a push step (or a test send) hands to a push provider. */
export type PushMessage = {
  /** The subscriber's device tokens for the provider. */
  target: string[];
  title: string;
  content: string;
  payload: Record<string, unknown>;
  subscriber: {
    subscriberId: string;
    firstName?: string | null;
    lastName?: string | null;
    locale?: string | null;
  } | null;
  transactionId: string;
  workflow: string | null;
};

/** The push webhook: the notification and its device tokens as JSON, signed with the secret key. */
export async function sendPushWebhook(
  credentials: LiveIntegration['credentials'],
  message: PushMessage,
  options: PostOptions = {},
): Promise<{ raw?: string | undefined }> {
  const answer = await postJson(
    String(credentials.webhookUrl),
    { type: 'push', ...message },
    { ...options, signingSecret: String(credentials.secretKey) },
  );
  return { raw: `HTTP ${answer.status}` };
}
