import { expect } from 'vitest';
import { describeVendorConformance } from '../vendor-conformance';
import { firetext } from './firetext';
import { firstProblem, formOf, SMS } from './fixtures';

describeVendorConformance({
  name: 'firetext',
  credentials: { apiKey: 'ft-key', from: 'Forecourt' },
  send: (ctx) => firetext(ctx, SMS),
  check: (call) => {
    const form = formOf(call);
    return firstProblem(
      [call.method === 'POST' && call.path === '/api/sendsms', `${call.method} ${call.path}`],
      [form.get('apiKey') === 'ft-key', 'apiKey'],
      [form.get('to') === '919812345678' && form.get('from') === 'Forecourt', 'to as digits, from'],
      [form.get('message') === SMS.content, 'message'],
      [/^[A-Za-z0-9]{1,20}$/.test(form.get('reference') ?? ''), 'reference format'],
    );
  },
  success: { status: 200, headers: { 'x-message': '12345678' }, body: '0:1 SMS successfully queued' },
  clientError: { status: 200, body: '1:0 Authentication error' },
  replies: { clientError: { status: 200, body: '1:0 Authentication error' } },
  onSuccess: (outcome) => expect(outcome.messageId).toBe('12345678'),
});
