import { DeliveryError, type PostOptions, postJson } from './http';

/** What a chat step (or a test send) posts to one incoming webhook. */
export type ChatMessage = { webhookUrl: string; content: string; title?: string | undefined };

/** Discord refuses message content over 2000 characters. */
const DISCORD_MAX = 2000;

/**
 * Each provider's incoming-webhook body: Slack `{text}`, Discord `{content}`, Microsoft Teams a
 * message card (`text`, with `title`/`summary`), Mattermost `{text}`, Ryver `{body}`.
 */
export function chatBody(providerId: string, message: Omit<ChatMessage, 'webhookUrl'>): unknown {
  switch (providerId) {
    case 'slack':
    case 'mattermost':
      return { text: message.content };
    case 'discord':
      return { content: message.content.slice(0, DISCORD_MAX) };
    case 'msteams':
      return {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        summary: (message.title ?? message.content).slice(0, 150),
        ...(message.title ? { title: message.title } : {}),
        text: message.content,
      };
    case 'ryver':
      return { body: message.content };
    default:
      return undefined;
  }
}

export async function sendChat(
  providerId: string,
  message: ChatMessage,
  options: PostOptions = {},
): Promise<{ raw?: string | undefined }> {
  const body = chatBody(providerId, message);
  if (body === undefined) throw new DeliveryError(`${providerId} does not deliver in this version`);
  const answer = await postJson(message.webhookUrl, body, options);
  return { raw: `HTTP ${answer.status}` };
}
