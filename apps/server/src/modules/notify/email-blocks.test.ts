import { emailBlocksToHtml } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createNotifyFixture, type NotifyFixture } from './testing';

describe('email content authored with blocks', () => {
  let t: TestApp;
  let f: NotifyFixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
  });
  afterAll(() => t.close());

  it('renders text and buttons as email-safe tables with their alignment, escaping the text', () => {
    const html = emailBlocksToHtml([
      { type: 'text', content: 'Hi {{name}} <b>&\nbye', styles: { textAlign: 'center' } },
      { type: 'button', content: 'Open', url: '{{url}}', styles: { textAlign: 'right' } },
      { type: 'text', content: '{{dateFormat when "dd MMM"}}' },
    ]);
    expect(html).toContain('<td align="center" style="padding:6px 0;text-align:center;');
    expect(html).toContain('Hi {{name}} &lt;b&gt;&amp;<br>bye');
    expect(html).toContain('<td align="right"');
    expect(html).toContain('<a href="{{url}}" target="_blank" style="display:inline-block;');
    expect(html).toContain('{{dateFormat when "dd MMM"}}');
    expect(html).not.toMatch(/<(style|script|div)/);
  });

  it('stores blocks with their HTML as the email content, and previews it with the payload', async () => {
    const blocks = [
      { type: 'text', content: 'Dear {{name}}', styles: { textAlign: 'left' } },
      {
        type: 'button',
        content: 'See receipt',
        url: 'https://fc.test/r/{{id}}',
        styles: { textAlign: 'center' },
      },
    ];
    const created = await f.v1('POST', '/v1/workflows', {
      name: 'Blocks mail',
      steps: [{ type: 'email', subject: 'Receipt', content: blocks }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [step] = created.json().data.steps;
    expect(step.blocks).toHaveLength(2);
    expect(step.content).toContain('<td align="center"');

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/platform/notifications/workflows/preview',
      headers: f.admin.headers,
      payload: { steps: [{ type: 'email', subject: 'R', blocks }], payload: { name: 'Asha', id: 42 } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const content = preview.json().data.steps[0].content as string;
    expect(content).toContain('Dear Asha');
    expect(content).toContain('href="https://fc.test/r/42"');

    const bad = await f.v1('POST', '/v1/workflows', {
      name: 'Bad link',
      steps: [{ type: 'email', blocks: [{ type: 'button', content: 'x', url: 'javascript:alert(1)' }] }],
    });
    expect(bad.statusCode).toBe(400);
  });
});
