import {
  emailBlocksToHtml,
  providersOf,
  type TActivityDetail,
  type TEmailBlock,
  type TIntegration,
  type TWorkflowEntity,
} from '@forecourt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as NotificationsPage } from '../../routes/settings/notifications.lazy';
import { Route as WorkflowPage } from '../../routes/settings/notifications.workflow.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch, type TFetchRequest } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { credentialsToSend } from './components/integrations-tab';
import { ZNotificationsSearch } from './search';
import { formToSave, move, workflowToForm } from './workflow-form';

const BASE = '/api/platform/notifications';
const WORKFLOW_ID = '00000000000000000000000a';

const announcement = (): TWorkflowEntity => ({
  _id: WORKFLOW_ID,
  id: WORKFLOW_ID,
  name: 'System announcement',
  description: 'An announcement to everyone.',
  active: true,
  draft: false,
  critical: false,
  severity: 'none',
  tags: ['system'],
  steps: [
    {
      _id: 'in-app',
      _templateId: 'in-app',
      id: 'in-app',
      name: 'In-app announcement',
      type: 'in_app',
      active: true,
      filters: [],
      content: '<strong>{{title}}</strong>',
      cta: { type: 'redirect', data: { url: '{{url}}' } },
      feedIdentifier: 'announcements',
      actor: { type: 'system_icon', data: 'info' },
      metadata: {},
      // What the API also answers (Novu's nesting); the editor must never send it back.
      template: {
        _id: 'in-app',
        name: 'In-app announcement',
        type: 'in_app',
        content: '<strong>{{title}}</strong>',
      },
    },
  ],
  triggers: [
    {
      type: 'event',
      identifier: 'system-announcement',
      variables: [{ name: 'title' }, { name: 'url' }],
      subscriberVariables: [],
    },
  ],
  preferenceSettings: {},
  _environmentId: '000000000000000000000001',
  _organizationId: '000000000000000000000001',
  deleted: false,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
});

const integration = (patch: Partial<TIntegration> = {}): TIntegration => ({
  _id: '000000000000000000000101',
  _environmentId: '000000000000000000000001',
  _organizationId: '000000000000000000000001',
  name: 'Discord',
  identifier: 'discord-1',
  providerId: 'discord',
  channel: 'chat',
  credentials: {},
  credentialsSet: [],
  active: true,
  primary: false,
  priority: 0,
  deleted: false,
  delivers: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  ...patch,
});

/** A stand-in for the server's renderer: `{{name}}` from the payload, nothing else. */
const render = (source: string, payload: Record<string, unknown>) =>
  source.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => String(payload[name] ?? ''));

let integrations: TIntegration[];

function serve(extra?: (request: TFetchRequest) => Response | undefined, me = ME.admin) {
  return stubFetch(
    withMe((request) => {
      const answer = extra?.(request);
      if (answer) return answer;
      const { url, method, body } = request;
      const path = url.pathname;
      if (path === '/api/platform/config') return errorResponse(404, 'NOT_FOUND', 'none here');
      if (path === `${BASE}/workflows` && method === 'GET')
        return jsonResponse({ data: [announcement()], totalCount: 1, page: 0, pageSize: 20 });
      if (path === `${BASE}/workflows/${WORKFLOW_ID}` && method === 'GET')
        return jsonResponse({ data: announcement() });
      if (path === `${BASE}/workflows/${WORKFLOW_ID}` && method === 'PUT')
        return jsonResponse({ data: { ...announcement(), ...(body as object) } });
      if (path === `${BASE}/workflows/preview`) {
        const { steps, payload } = body as {
          steps: { type: string; content: string; blocks?: TEmailBlock[] }[];
          payload: Record<string, unknown>;
        };
        if (steps.some((step) => step.content.includes('{{#if')))
          return jsonResponse(
            {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: 'Invalid template',
              details: [{ path: 'steps.0.content', message: 'Parse error on line 1' }],
            },
            400,
          );
        return jsonResponse({
          data: {
            steps: steps.map((step, index) => ({
              index,
              id: null,
              type: step.type,
              rendered: true,
              // Blocks: the server stores their HTML (the shared contracts function) as the content.
              content: render(step.blocks ? emailBlocksToHtml(step.blocks) : step.content, payload),
            })),
          },
        });
      }
      if (path === `${BASE}/integrations` && method === 'GET') return jsonResponse({ data: integrations });
      if (path === `${BASE}/integrations` && method === 'POST') {
        const created = integration({
          ...(body as object),
          _id: '000000000000000000000202',
          name: 'Ops Discord',
        });
        integrations = [...integrations, created];
        return jsonResponse({ data: created }, 201);
      }
      if (/\/integrations\/\w+\/test$/.test(path)) {
        integrations = integrations.map((i) => ({
          ...i,
          lastDelivery: {
            at: '2026-11-25T10:00:00.000Z',
            success: true,
            detail: 'Test message sent',
            test: true,
          },
        }));
        return jsonResponse({ data: { success: true, providerId: 'discord', channel: 'chat' } });
      }
      if (path === `${BASE}/environment` && method === 'GET')
        return jsonResponse({
          _id: 'e1',
          name: 'Production',
          applicationIdentifier: 'app-ident-123',
          secretKeyHint: '…abcd',
          hmacRequired: true,
          rotatedAt: null,
        });
      if (path === `${BASE}/environment/rotate`)
        return jsonResponse({
          _id: 'e1',
          name: 'Production',
          applicationIdentifier: 'app-ident-123',
          secretKeyHint: '…wxyz',
          hmacRequired: true,
          rotatedAt: '2026-03-02T08:00:00.000Z',
          secretKey: 'sk_new_secret_wxyz',
        });
      return errorResponse(404, 'ROUTE_NOT_FOUND', `No route ${method} ${path}`);
    }, me),
  );
}

beforeEach(() => {
  integrations = [];
  signIn('admin');
});

/** The notification settings and the workflow editor, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: NotificationsPage, validateSearch: ZNotificationsSearch },
  { page: WorkflowPage },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('workflow form model', () => {
  it('sends flat steps (never the template nesting) and reorders steps', () => {
    const form = workflowToForm(announcement());
    const body = formToSave({ ...form, tags: 'system, ops ,' });
    expect(body.tags).toEqual(['system', 'ops']);
    expect(body.steps[0]).not.toHaveProperty('template');
    expect(body.steps[0]).toMatchObject({
      id: 'in-app',
      type: 'in_app',
      content: '<strong>{{title}}</strong>',
      cta: { type: 'redirect', data: { url: '{{url}}' } },
      feedIdentifier: 'announcements',
    });
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('never sends a stored secret back and clears emptied plain fields', async () => {
    const { findProvider } = await import('@forecourt/contracts');
    const smtp = findProvider('nodemailer', 'email');
    if (!smtp) throw new Error('no smtp provider');
    const stored = integration({
      providerId: 'nodemailer',
      channel: 'email',
      credentials: { host: 'smtp.example.com', port: 587, password: '********', from: 'a@b.c' },
      credentialsSet: ['host', 'port', 'password', 'from'],
    });
    const values = { host: 'smtp2.example.com', port: 587, password: '', from: '', senderName: '' };
    expect(credentialsToSend(smtp, values, stored)).toEqual({ host: 'smtp2.example.com', from: null });
    expect(credentialsToSend(smtp, { ...values, password: 'new-pass' }, stored)).toMatchObject({
      password: 'new-pass',
    });
  });
});

describe('the notifications admin screens', () => {
  it('lists workflows with trigger identifier, tags and flags', async () => {
    serve();
    renderPage('/settings/notifications');
    const [row] = await screen.findAllByTestId('workflow-row');
    expect(within(row!).getByText('System announcement')).toBeTruthy();
    expect(within(row!).getByText('system-announcement')).toBeTruthy();
    expect(within(row!).getByText('system')).toBeTruthy();
    expect(within(row!).getByText('Active')).toBeTruthy();
  });

  it('offers the template store and copies a template into a new workflow', async () => {
    const fetchMock = serve((request) => {
      const path = request.url.pathname;
      if (path === `${BASE}/workflow-templates`)
        return jsonResponse({
          data: [
            {
              id: 'incident-opened',
              name: 'Incident opened',
              description: 'A new incident at a station.',
              tags: ['incidents'],
              stepTypes: ['in_app'],
            },
          ],
        });
      if (path === `${BASE}/workflow-templates/incident-opened/workflows` && request.method === 'POST')
        return jsonResponse({ data: announcement() }, 201);
      return undefined;
    });
    const { user } = renderPage('/settings/notifications');
    const card = await screen.findByTestId('workflow-template');
    expect(within(card).getByText('Incident opened')).toBeTruthy();
    expect(within(card).getByText('In-app')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Use template Incident opened' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${BASE}/workflow-templates/incident-opened/workflows`, 'POST')).toHaveLength(
        1,
      ),
    );
    expect(await screen.findByLabelText('Step 1 in-app body')).toBeTruthy();
  });

  it('hides the template store when the server turned it off', async () => {
    const fetchMock = serve((request) =>
      request.url.pathname === `${BASE}/workflow-templates`
        ? errorResponse(404, 'FEATURE_DISABLED', 'The workflow template store is turned off')
        : undefined,
    );
    renderPage('/settings/notifications');
    await screen.findAllByTestId('workflow-row');
    await waitFor(() => expect(callsTo(fetchMock, `${BASE}/workflow-templates`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Could not load the template store.')).toBeNull());
    expect(screen.queryByTestId('template-store')).toBeNull();
    expect(screen.queryByText('Template store')).toBeNull();
  });

  it('edits the in-app body, previews it live and saves the flat steps', async () => {
    const fetchMock = serve();
    const { user } = renderPage(`/settings/notifications/workflows/${WORKFLOW_ID}`);
    const body = await screen.findByLabelText('Step 1 in-app body');
    const frame = await screen.findByTitle('Preview of step 1');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<strong>Sample title</strong>'));

    await user.clear(body);
    await user.type(body, 'Hello {{{{title}}!');
    await waitFor(() =>
      expect(screen.getByTitle('Preview of step 1').getAttribute('srcdoc')).toContain('Hello Sample title!'),
    );

    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    expect(await screen.findByText('Workflow saved.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, `${BASE}/workflows/${WORKFLOW_ID}`, 'PUT') as [
      [unknown, RequestInit],
    ];
    const sent = JSON.parse(String(init.body));
    expect(sent.steps[0]).toMatchObject({ id: 'in-app', type: 'in_app', content: 'Hello {{title}}!' });
    expect(sent.steps[0]).not.toHaveProperty('template');
    expect(sent).not.toHaveProperty('triggerIdentifier');
  });

  it('authors an email with blocks (text, button, alignment) and previews the email-safe HTML live', async () => {
    const fetchMock = serve();
    const { user } = renderPage(`/settings/notifications/workflows/${WORKFLOW_ID}`);
    await screen.findByLabelText('Step 1 in-app body');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Email' }));
    const text = await screen.findByLabelText('Step 2 block 1 text');
    fireEvent.change(text, { target: { value: 'Dear {{title}}' } });
    await user.click(screen.getByRole('button', { name: 'Add button block' }));
    const link = screen.getByLabelText('Step 2 block 2 button link');
    fireEvent.change(link, { target: { value: 'https://fc.test/r' } });
    const alignment = screen.getByRole('radiogroup', { name: 'Step 2 block 2 alignment' });
    await user.click(within(alignment).getByText('Right'));
    await waitFor(() => {
      const srcdoc = screen.getByTitle('Preview of step 2').getAttribute('srcdoc') ?? '';
      expect(srcdoc).toContain('Dear Sample title');
      expect(srcdoc).toContain('<td align="right"');
      expect(srcdoc).toContain('href="https://fc.test/r"');
    });

    await user.click(screen.getByRole('button', { name: 'Save workflow' }));
    expect(await screen.findByText('Workflow saved.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, `${BASE}/workflows/${WORKFLOW_ID}`, 'PUT') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body)).steps[1]).toMatchObject({
      type: 'email',
      blocks: [
        { type: 'text', content: 'Dear {{title}}', styles: { textAlign: 'left' } },
        { type: 'button', content: 'Open', url: 'https://fc.test/r', styles: { textAlign: 'right' } },
      ],
    });
  }, 60_000);

  it('shows the template error the preview answers', async () => {
    serve();
    const { user } = renderPage(`/settings/notifications/workflows/${WORKFLOW_ID}`);
    const body = await screen.findByLabelText('Step 1 in-app body');
    await user.clear(body);
    await user.type(body, '{{{{#if x}}');
    expect(await screen.findByText(/steps\.0\.content: Parse error/)).toBeTruthy();
  });

  it('adds, reorders and removes steps, with digest settings and conditions', async () => {
    serve();
    const { user } = renderPage(`/settings/notifications/workflows/${WORKFLOW_ID}`);
    await screen.findByLabelText('Step 1 in-app body');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Digest' }));
    expect(screen.getAllByTestId('workflow-step')).toHaveLength(2);
    expect(screen.getByLabelText('Digest key')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    const steps = screen.getAllByTestId('workflow-step');
    expect(within(steps[0]!).getByLabelText('Digest key')).toBeTruthy();
    await user.click(within(steps[0]!).getByRole('button', { name: 'Add condition group' }));
    expect(within(steps[0]!).getAllByTestId('condition-group')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(screen.getAllByTestId('workflow-step')).toHaveLength(1);
    expect(screen.queryByLabelText('Digest key')).toBeNull();
  });

  it('generates the integration form from the catalogue, adds one and sends a test', async () => {
    const fetchMock = serve();
    const { user } = renderPage('/settings/notifications?tab=integrations');
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an integration' });
    await user.click(within(dialog).getByLabelText('Channel', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    await user.click(within(dialog).getByLabelText('Provider', { selector: 'input' }));
    // Only the providers this build delivers through are offered.
    await screen.findByRole('option', { name: 'Custom SMTP' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      providersOf('email')
        .filter((p) => p.delivers)
        .map((p) => p.displayName),
    );
    await user.click(await screen.findByRole('option', { name: 'Custom SMTP' }));
    // Fields, types and required marks come from the credential schema.
    expect((within(dialog).getByLabelText(/^Host/) as HTMLInputElement).required).toBe(true);
    expect((within(dialog).getByLabelText(/^Password/) as HTMLInputElement).type).toBe('password');
    expect((within(dialog).getByLabelText(/^Password/) as HTMLInputElement).required).toBe(false);
    expect(within(dialog).getByText(/Node TLS options/)).toBeTruthy();

    await user.click(within(dialog).getByLabelText('Channel', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Chat' }));
    await user.click(within(dialog).getByLabelText('Provider', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Discord' }));
    expect(within(dialog).getByText('This provider needs no credentials.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add integration' }));
    expect(await screen.findByText('Ops Discord saved.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, `${BASE}/integrations`, 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      providerId: 'discord',
      channel: 'chat',
      credentials: {},
    });

    const [row] = await screen.findAllByTestId('integration-row');
    await user.click(within(row!).getByRole('button', { name: 'Test' }));
    const test = await screen.findByRole('dialog', { name: /Send a test/ });
    await user.type(within(test).getByLabelText(/Webhook URL/), 'http://127.0.0.1:9/hook');
    await user.click(within(test).getByRole('button', { name: 'Send test' }));
    expect(await within(test).findByText('The provider accepted the test message.')).toBeTruthy();
    const [[, testInit]] = callsTo(
      fetchMock,
      `${BASE}/integrations/000000000000000000000202/test`,
      'POST',
    ) as [[unknown, RequestInit]];
    expect(JSON.parse(String(testInit.body))).toEqual({ target: 'http://127.0.0.1:9/hook' });
    // The list reloads: the row shows the integration's last delivery.
    await user.click(within(test).getByRole('button', { name: 'Close' }));
    expect((await screen.findByTestId('last-delivery')).textContent).toMatch(
      /^Last delivery succeeded \(test\)/,
    );
  });

  it('rotates the secret key after confirmation and shows it once', async () => {
    const fetchMock = serve();
    const { user } = renderPage('/settings/notifications?tab=keys');
    expect(await screen.findByText('app-ident-123')).toBeTruthy();
    expect(screen.queryByTestId('new-secret-key')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rotate secret key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the secret key?' });
    expect(callsTo(fetchMock, `${BASE}/environment/rotate`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect((await screen.findByTestId('secret-key-value')).textContent).toBe('sk_new_secret_wxyz');
    expect(screen.getByText(/only time it is shown/)).toBeTruthy();
    expect(screen.getByText('…wxyz')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have stored the key' }));
    expect(screen.queryByText('sk_new_secret_wxyz')).toBeNull();
  });

  it('opens a trigger with its jobs and execution details grouped', async () => {
    const detail: TActivityDetail = {
      _id: '000000000000000000000005',
      transactionId: 'tx-55',
      triggerIdentifier: 'system-announcement',
      workflowName: 'System announcement',
      _templateId: WORKFLOW_ID,
      status: 'processed',
      payload: { title: 'Hello' },
      recipients: ['7'],
      actor: null,
      createdAt: '2026-03-01T08:00:00.000Z',
      canceledAt: null,
      jobs: [
        {
          _id: 'j1',
          _notificationId: 'n1',
          subscriberId: '7',
          stepId: 'in-app',
          stepIndex: 0,
          type: 'in_app',
          status: 'completed',
          error: null,
          runAt: null,
          digestKey: null,
          createdAt: '2026-03-01T08:00:00.000Z',
          updatedAt: '2026-03-01T08:00:00.000Z',
        },
      ],
      jobsTruncated: false,
      executionDetails: [
        { code: 1000, group: 'info' as const, detail: 'Trigger received' },
        { code: 1007, group: 'success' as const, detail: 'In-app message created' },
        { code: 3005, group: 'error' as const, detail: 'No active email integration' },
      ].map((d, i) => ({
        ...d,
        _id: `d${i}`,
        _organizationId: '000000000000000000000001',
        _environmentId: '000000000000000000000001',
        _notificationId: null,
        _notificationTemplateId: WORKFLOW_ID,
        _jobId: null,
        _messageId: null,
        _subscriberId: null,
        subscriberId: '7',
        transactionId: 'tx-55',
        channel: 'in_app',
        status: 'Success',
        source: 'Internal',
        isTest: false,
        isRetry: false,
        raw: null,
        createdAt: '2026-03-01T08:00:00.000Z',
      })),
      executionDetailsTruncated: false,
    };
    serve(({ url }) => {
      if (url.pathname === `${BASE}/activity`)
        return jsonResponse({
          data: [
            {
              _id: detail._id,
              transactionId: 'tx-55',
              triggerIdentifier: 'system-announcement',
              status: 'processed',
              notifications: 1,
              jobs: { completed: 1 },
              errors: 1,
              createdAt: detail.createdAt,
              canceledAt: null,
            },
          ],
          hasMore: false,
        });
      if (url.pathname === `${BASE}/activity/${detail._id}`) return jsonResponse({ data: detail });
      return undefined;
    });
    const { user } = renderPage('/settings/notifications?tab=activity');
    const [row] = await screen.findAllByTestId('activity-row');
    expect(within(row!).getByText('1 completed')).toBeTruthy();
    await user.click(within(row!).getByRole('button', { name: 'Open trigger tx-55' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trigger details' });
    const errors = await within(dialog).findByTestId('execution-errors');
    expect(within(errors).getByText('No active email integration')).toBeTruthy();
    expect(
      within(within(dialog).getByTestId('execution-success')).getByText('In-app message created'),
    ).toBeTruthy();
    expect(within(within(dialog).getByTestId('execution-info')).getByText('Trigger received')).toBeTruthy();
    expect(within(within(dialog).getByTestId('activity-jobs')).getByText('completed')).toBeTruthy();
  });

  it('searches subscribers and opens one with its preferences', async () => {
    const subscriber = (id: string, email: string) => ({
      _id: `0000000000000000000000${id.length}${id.length}`,
      subscriberId: id,
      firstName: 'Ravi',
      lastName: 'Menon',
      email,
      phone: null,
      locale: null,
      data: {},
      channels: [],
      isOnline: false,
      lastOnlineAt: null,
      createdAt: '2026-03-01T08:00:00.000Z',
    });
    const fetchMock = serve(({ url }) => {
      if (url.pathname === `${BASE}/subscribers`)
        return jsonResponse({
          data: [subscriber('2', 'member@forecourt.demo'), subscriber('1', 'admin@forecourt.demo')],
          page: 0,
          pageSize: 20,
          hasMore: false,
          totalCount: 2,
        });
      if (url.pathname === `${BASE}/subscriber-search`)
        return jsonResponse({ data: [subscriber('2', 'member@forecourt.demo')] });
      if (url.pathname === `${BASE}/subscribers/2/preferences`)
        return jsonResponse({
          data: {
            global: { enabled: true, channels: { in_app: true, email: false } },
            workflows: [
              {
                template: { _id: WORKFLOW_ID, name: 'System announcement', critical: false },
                preference: { enabled: false, channels: { in_app: false } },
              },
            ],
          },
        });
      return undefined;
    });
    const { user } = renderPage('/settings/notifications?tab=subscribers');
    expect(await screen.findAllByTestId('subscriber-row')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Search subscribers' }), 'member@');
    await waitFor(() => expect(screen.getAllByTestId('subscriber-row')).toHaveLength(1));
    const [[searched]] = callsTo(fetchMock, `${BASE}/subscriber-search`) as [[string]];
    expect(new URL(searched, 'http://localhost').searchParams.get('q')).toBe('member@');
    await user.click(screen.getByRole('button', { name: '2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscriber 2' });
    const table = await within(dialog).findByTestId('subscriber-preferences');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByText('off')).toHaveLength(1);
    expect(within(rows[2]!).getByText('System announcement')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('off')).toHaveLength(2);
  });

  it('creates a topic and adds and removes its subscribers', async () => {
    let members = ['1'];
    const topic = () => ({ _id: 't1', key: 'night-shift', name: 'Night shift', subscribers: members });
    const fetchMock = serve(({ url, method, body }) => {
      if (url.pathname === `${BASE}/topics` && method === 'GET')
        return jsonResponse({ data: [topic()], totalCount: 1, page: 0, pageSize: 20 });
      if (url.pathname === `${BASE}/topics` && method === 'POST')
        return jsonResponse({ data: { _id: 't2', key: 'x' } }, 201);
      if (url.pathname === `${BASE}/topics/night-shift`) return jsonResponse({ data: topic() });
      if (url.pathname === `${BASE}/topics/night-shift/subscribers`) {
        const ids = (body as { subscribers: string[] }).subscribers;
        members = [...members, ...ids.filter((id) => id !== 'ghost')];
        return jsonResponse({
          data: { succeeded: ids.filter((id) => id !== 'ghost'), failed: { notFound: ['ghost'] } },
        });
      }
      if (url.pathname === `${BASE}/topics/night-shift/subscribers/removal`) {
        const ids = (body as { subscribers: string[] }).subscribers;
        members = members.filter((id) => !ids.includes(id));
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const { user } = renderPage('/settings/notifications?tab=topics');
    await screen.findAllByTestId('topic-row');
    await user.type(screen.getByLabelText(/^Topic key/), 'day-shift');
    await user.click(screen.getByRole('button', { name: 'Create topic' }));
    await waitFor(() => expect(callsTo(fetchMock, `${BASE}/topics`, 'POST')).toHaveLength(1));
    const [[, init]] = callsTo(fetchMock, `${BASE}/topics`, 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ key: 'day-shift' });

    await user.click(screen.getByRole('button', { name: 'night-shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Topic night-shift' });
    await user.type(within(dialog).getByLabelText(/^Add subscribers/), '2, ghost');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/Not found \(create them first\): ghost/)).toBeTruthy();
    await waitFor(() =>
      expect(within(within(dialog).getByTestId('topic-subscribers')).getByText('2')).toBeTruthy(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1 from the topic' }));
    await waitFor(() =>
      expect(within(within(dialog).getByTestId('topic-subscribers')).queryByText('1')).toBeNull(),
    );
    expect(callsTo(fetchMock, `${BASE}/topics/night-shift/subscribers/removal`, 'POST')).toHaveLength(1);
  });

  // The profile menu is the shell's: this one renders the whole app.
  it('shows the menu entry to admins only and tells members the page is for admins', async () => {
    serve();
    const { user, unmount } = renderApp('/settings/notifications');
    await screen.findAllByTestId('workflow-row');
    await user.click(await screen.findByTestId('profile-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Notifications' })).toBeTruthy();
    unmount();

    signIn('member');
    const fetchMock = serve(undefined, ME.member);
    const member = renderApp('/settings/notifications');
    expect(await screen.findByText('Only for admins')).toBeTruthy();
    await member.user.click(await screen.findByTestId('profile-menu'));
    await screen.findByRole('menuitem', { name: 'Mailbox' });
    expect(screen.queryByRole('menuitem', { name: 'Notifications' })).toBeNull();
    expect(callsTo(fetchMock, `${BASE}/workflows`)).toHaveLength(0);
  });
});
