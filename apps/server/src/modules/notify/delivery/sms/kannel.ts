import { DeliveryError, expectSuccess, type SmsSender } from '../vendor';
import { baseUrl, needsUnicode, optional, refusal, required, summary } from './common';

const PROVIDER = 'Kannel';

/**
 * Kannel smsbox sendsms interface: GET /cgi-bin/sendsms on the operator's own gateway
 * (http://host:port unless the host names a scheme), everything in the query string (username,
 * password, from, to, text, charset, coding=2 for UCS-2). Answers 202 `0: Accepted for delivery`
 * or `3: Queued for later delivery`; 4xx/503 with a text reason. Kannel has no idempotency key.
 */
export const kannel: SmsSender = async (ctx, message) => {
  const host = required(ctx, PROVIDER, 'host', 'host');
  const port = Number(required(ctx, PROVIDER, 'port', 'port'));
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new DeliveryError(`${PROVIDER}: the port must be a number from 1 to 65535`);
  const withScheme = /^https?:\/\//i.test(host) ? host : `http://${host}`;
  const hasPort = /^https?:\/\/[^/]*:\d+(\/|$)/i.test(withScheme);
  const base = baseUrl(ctx, PROVIDER, hasPort ? withScheme : `${withScheme.replace(/\/+$/, '')}:${port}`);
  const query = new URLSearchParams([
    ['from', required(ctx, PROVIDER, 'from', 'sender')],
    ['to', message.to],
    ['text', message.content],
    ['charset', 'UTF-8'],
  ]);
  if (needsUnicode(message.content)) query.set('coding', '2');
  const user = optional(ctx, 'user');
  const password = optional(ctx, 'password');
  if (user) query.set('username', user);
  if (password) query.set('password', password);
  const answer = await ctx.http({ method: 'GET', url: `${base}/cgi-bin/sendsms?${query}` });
  expectSuccess(PROVIDER, answer);
  const code = /^(\d+):/.exec(answer.text.trim())?.[1];
  if (code !== '0' && code !== '3')
    throw refusal(PROVIDER, answer, answer.text.trim().slice(0, 200) || 'empty answer');
  return { raw: summary(answer) };
};
