import type { TStepFilter } from '@forecourt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { NetworkPolicy } from './delivery/network';
import { createVendorHttp } from './delivery/outbound';
import type { VendorHttp } from './delivery/vendor';

/** A webhook condition gets this long to answer; no answer means the condition does not hold. */
export const STEP_WEBHOOK_TIMEOUT_MS = 5_000;

/** The webhook URLs a step's conditions ask. */
export function stepWebhookUrls(filters: readonly TStepFilter[]): string[] {
  const urls = new Set<string>();
  for (const filter of filters)
    for (const child of filter.children)
      if (child.on === 'webhook' && child.webhookUrl) urls.add(child.webhookUrl);
  return [...urls];
}

/** What a webhook condition is told about the job it decides. */
export type StepWebhookQuestion = {
  url: string;
  body: {
    transactionId: string;
    workflow: string;
    step: { id: string; type: string };
    subscriber: Record<string, unknown>;
    payload: Record<string, unknown>;
    tenant: unknown;
  };
};

/**
 * Asks webhook conditions through the delivery HTTP client (timeouts, no redirects; the same
 * outbound rules as vendor calls): `POST <webhookUrl>` with the job as JSON. A 2xx JSON object is
 * the answer the conditions read; anything else (error status, not an object, no answer in time)
 * is null. Identical questions are asked once.
 */
export async function askStepWebhooks(
  questions: readonly StepWebhookQuestion[],
  options: { log: FastifyBaseLogger; http?: VendorHttp; network?: NetworkPolicy },
): Promise<Map<string, Record<string, unknown> | null>> {
  const http =
    options.http ??
    createVendorHttp({
      timeoutMs: STEP_WEBHOOK_TIMEOUT_MS,
      ...(options.network ? { network: options.network } : {}),
    });
  const answers = new Map<string, Record<string, unknown> | null>();
  const pending = new Map<string, StepWebhookQuestion>();
  for (const question of questions) pending.set(webhookKey(question), question);
  await Promise.all(
    [...pending].map(async ([key, question]) => {
      try {
        const answer = await http({ url: question.url, method: 'POST', json: question.body });
        const ok = answer.status >= 200 && answer.status < 300;
        const json = answer.json;
        answers.set(
          key,
          ok && json && typeof json === 'object' && !Array.isArray(json)
            ? (json as Record<string, unknown>)
            : null,
        );
        if (!ok) options.log.warn({ status: answer.status }, 'step webhook condition: error status');
      } catch (error) {
        options.log.warn({ err: (error as Error).message }, 'step webhook condition: no answer');
        answers.set(key, null);
      }
    }),
  );
  return answers;
}

export function webhookKey(question: Pick<StepWebhookQuestion, 'url' | 'body'>): string {
  return JSON.stringify([
    question.url,
    question.body.transactionId,
    question.body.step.id,
    question.body.subscriber.subscriberId,
  ]);
}
