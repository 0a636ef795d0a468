import type { InboxClientOptions, InboxState, WorkflowPreference } from '@forecourt/inbox-core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Bell } from './bell';
import type { InboxClientLike, InboxTab } from './context';
import { en } from './i18n/en';
import { InboxProvider, type InboxProviderProps } from './provider';
import { fakeClient, message, readyState } from './test/fake-client';

type Extra = Partial<Pick<InboxProviderProps, 'i18n' | 'stores' | 'onUrlChange'>>;

function setup(state: InboxState, extra: Extra = {}) {
  const fake = fakeClient(state);
  const createClient = vi.fn((_options: InboxClientOptions): InboxClientLike => fake.client);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <InboxProvider
      applicationIdentifier="app"
      subscriberId="s1"
      backendUrl="http://inbox.test"
      createClient={createClient}
      {...extra}
    >
      {children}
    </InboxProvider>
  );
  return { ...fake, createClient, wrapper };
}

function openBell(state: InboxState, extra: Extra = {}, theme: 'light' | 'dark' = 'light') {
  const ctx = setup(state, extra);
  const view = render(<Bell theme={theme} />, { wrapper: ctx.wrapper });
  const bell = screen.getByRole('button', { name: /open notifications/i });
  fireEvent.click(bell);
  return { ...ctx, ...view, bell };
}

const withStores = (state: InboxState, stores: InboxTab[], counts: Record<string, number>): InboxState => ({
  ...state,
  stores: stores.map(({ storeId, query }) => ({ storeId, query })),
  activeStoreId: stores[0]?.storeId ?? 'default_store',
  counts: { ...state.counts, stores: counts },
});

describe('tabs (stores)', () => {
  const stores: InboxTab[] = [
    { storeId: 'all', label: 'All' },
    { storeId: 'incidents', label: 'Incidents', query: { payload: { kind: 'incident' } } },
  ];

  it('shows one tab per store with its own badge, and switching sets the store', () => {
    const { client, createClient } = openBell(
      withStores(readyState({}), stores, { all: 3, incidents: 120 }),
      {
        stores,
      },
    );
    expect(createClient.mock.calls[0]?.[0].stores).toEqual([
      { storeId: 'all', query: undefined },
      { storeId: 'incidents', query: { payload: { kind: 'incident' } } },
    ]);
    expect(client.fetchStoreCounts).toHaveBeenCalled();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(tabs[0]?.textContent).toContain('All');
    expect(within(tabs[0]!).getByTestId('fc-inbox-tab-badge').textContent).toContain('3');
    expect(within(tabs[1]!).getByTestId('fc-inbox-tab-badge').textContent).toContain('99+');
    fireEvent.click(tabs[1]!);
    expect(client.setStore).toHaveBeenCalledWith('incidents');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(client.setStore).toHaveBeenLastCalledWith('incidents');
  });

  it('shows no tabs for a single store', () => {
    openBell(readyState({ messages: [message('m1')] }));
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('items', () => {
  it('shows an avatar by actor type', () => {
    openBell(
      readyState({
        messages: [
          message('none', { actor: { type: 'none', data: null } }),
          message('pic', { actor: { type: 'user', data: 'https://img.test/a.png' } }),
          message('initials', {
            actor: { type: 'user', data: null },
            actorSubscriber: {
              _id: 'x',
              subscriberId: 'x',
              firstName: 'Asha',
              lastName: 'Rao',
              avatar: null,
            },
          }),
          message('icon', { actor: { type: 'system_icon', data: 'warning' } }),
          message('custom', { actor: { type: 'system_custom', data: 'https://img.test/logo.png' } }),
          message('evil', { actor: { type: 'system_custom', data: 'javascript:alert(1)' } }),
        ],
      }),
    );
    const item = (id: string) => document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;
    expect(item('none').querySelector('.fc-inbox-avatar')).toBeNull();
    expect(item('pic').querySelector('img')?.getAttribute('src')).toBe('https://img.test/a.png');
    expect(item('initials').querySelector('.fc-inbox-avatar')?.textContent).toBe('AR');
    expect(item('icon').querySelector('.fc-inbox-avatar--warning svg')).not.toBeNull();
    expect(within(item('icon')).getByRole('img', { name: en.systemSender })).toBeTruthy();
    expect(item('custom').querySelector('img')?.getAttribute('src')).toBe('https://img.test/logo.png');
    expect(item('evil').querySelector('.fc-inbox-avatar')).toBeNull();
  });

  it('clicking a message marks it read and follows its redirect; links inside do not open it', () => {
    const onUrlChange = vi.fn();
    const { client } = openBell(
      readyState({
        messages: [
          message('m1', {
            content: 'Tank low <a href="https://docs.test/">manual</a>',
            cta: { type: 'redirect', data: { url: '/stations/7' } },
          }),
        ],
      }),
      { onUrlChange },
    );
    fireEvent.click(screen.getByRole('link', { name: 'manual' }));
    expect(onUrlChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText(/Tank low/));
    expect(client.markAsRead).toHaveBeenCalledWith('m1');
    expect(onUrlChange).toHaveBeenCalledWith('/stations/7');
    // A message with a link and no buttons records the `clicked` action.
    expect(client.updateAction).toHaveBeenCalledWith('m1', 'clicked', 'done');
  });

  it('primary and secondary buttons record the action; done hides them and shows the result', () => {
    const onUrlChange = vi.fn();
    const buttons = [
      { type: 'primary' as const, content: 'Approve', resultContent: 'Approved', url: '/requests/4' },
      { type: 'secondary' as const, content: 'Decline' },
    ];
    const { client, setState } = openBell(
      readyState({
        messages: [
          message('m1', {
            read: true,
            cta: { type: 'redirect', data: {}, action: { status: 'pending', buttons } },
          }),
        ],
      }),
      { onUrlChange },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(client.updateAction).toHaveBeenCalledWith('m1', 'secondary', 'done');
    expect(onUrlChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(client.updateAction).toHaveBeenCalledWith('m1', 'primary', 'done');
    expect(onUrlChange).toHaveBeenCalledWith('/requests/4');

    act(() =>
      setState(
        readyState({
          messages: [
            message('m1', {
              read: true,
              cta: {
                type: 'redirect',
                data: {},
                action: { status: 'done', buttons, result: { type: 'primary' } },
              },
            }),
          ],
        }),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('Approved')).toBeTruthy();
  });

  it('shows relative time in the chosen locale', () => {
    const createdAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    openBell(readyState({ messages: [message('m1', { createdAt })] }), { i18n: { locale: 'de' } });
    expect(document.querySelector('time')?.textContent).toBe('vor 3 Stunden');
  });
});

describe('keyboard and screen readers', () => {
  const three = () => readyState({ messages: [message('m1'), message('m2', { read: true }), message('m3')] });

  it('moves with arrows and j/k, opens with Enter, toggles read with r and removes with Delete', () => {
    const { client } = openBell(three());
    const items = screen.getAllByRole('article');
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1, -1]);
    items[0]!.focus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'j' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2]!, { key: 'k' });
    expect(document.activeElement).toBe(items[1]);
    expect(items[1]!.tabIndex).toBe(0);
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[0]);

    fireEvent.keyDown(items[0]!, { key: 'Enter' });
    expect(client.markAsRead).toHaveBeenCalledWith('m1');
    fireEvent.keyDown(items[1]!, { key: 'r' });
    expect(client.markAsUnread).toHaveBeenCalledWith('m2');
    fireEvent.keyDown(items[2]!, { key: 'r' });
    expect(client.markAsRead).toHaveBeenCalledWith('m3');

    fireEvent.keyDown(items[1]!, { key: 'Delete' });
    expect(client.removeMessage).toHaveBeenCalledWith('m2');
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2]!, { key: 'Backspace' });
    expect(client.removeMessage).toHaveBeenCalledWith('m3');
  });

  it('removing from the menu moves focus to the next message; Escape still closes', () => {
    const { client, bell } = openBell(three());
    const items = screen.getAllByRole('article');
    fireEvent.click(within(items[0]!).getByRole('button', { name: en.messageActions }));
    fireEvent.click(screen.getByRole('menuitem', { name: en.removeMessage }));
    expect(client.removeMessage).toHaveBeenCalledWith('m1');
    expect(document.activeElement).toBe(items[1]);
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('shortcuts do not fire from the buttons inside an item', () => {
    const { client } = openBell(three());
    const toggle = screen.getAllByRole('button', { name: en.messageActions })[0]!;
    fireEvent.keyDown(toggle, { key: 'r' });
    fireEvent.keyDown(toggle, { key: 'Delete' });
    expect(client.markAsRead).not.toHaveBeenCalled();
    expect(client.removeMessage).not.toHaveBeenCalled();
  });

  it('announces new messages in a polite live region', () => {
    vi.useFakeTimers();
    try {
      const { receive } = openBell(three());
      const live = screen.getByTestId('fc-inbox-live');
      expect(live.getAttribute('aria-live')).toBe('polite');
      act(() => {
        receive(message('n1'));
        receive(message('n2'));
      });
      expect(live.textContent).toBe('');
      act(() => vi.advanceTimersByTime(1000));
      expect(live.textContent).toBe('2 new notifications');
    } finally {
      vi.useRealTimers();
    }
  });

  it('selects several messages (shift-click for a range) and marks them read or removes them', () => {
    const { client } = openBell(
      readyState({ messages: [message('m1'), message('m2', { read: true }), message('m3'), message('m4')] }),
    );
    const boxes = screen.getAllByRole('checkbox', { name: en.selectMessage });
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!, { shiftKey: true });
    expect(screen.getByRole('toolbar').textContent).toContain('3 selected');
    fireEvent.click(screen.getByRole('button', { name: en.markSelectedAsRead }));
    // Only the unread ones among the selection are written.
    expect(client.markAsRead).toHaveBeenCalledWith(['m1', 'm3']);
    expect(screen.queryByRole('toolbar')).toBeNull();

    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[3]!);
    fireEvent.click(screen.getByRole('button', { name: en.removeSelected }));
    expect(client.removeMessages).toHaveBeenCalledWith(['m2', 'm4']);
  });
});

const workflow = (
  id: string,
  name: string,
  critical: boolean,
  channels: WorkflowPreference['preference']['channels'],
) =>
  ({
    template: { _id: id, name, critical, tags: [], triggers: [] },
    preference: { enabled: true, channels },
  }) satisfies WorkflowPreference;

const withPreferences = (state: InboxState): InboxState => ({
  ...state,
  preferences: {
    status: 'ready',
    workflows: [
      workflow('w1', 'Shift reminders', false, { in_app: true, email: false }),
      workflow('w2', 'Security alerts', true, { in_app: true }),
      workflow('w3', 'No channels', false, {}),
    ],
    global: {
      preference: {
        enabled: true,
        channels: { in_app: true, email: true, sms: false, chat: true, push: true },
      },
    },
  },
});

describe('preferences', () => {
  it('opens from settings, shows global and per-workflow switches, critical ones disabled', () => {
    const { client } = openBell(withPreferences(readyState({})));
    fireEvent.click(screen.getByRole('button', { name: en.settings }));
    expect(screen.getByRole('heading', { name: en.preferences })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.back }));
    expect(client.fetchPreferences).toHaveBeenCalled();
    expect(client.fetchGlobalPreference).toHaveBeenCalled();

    const emailGlobal = screen.getByRole('switch', { name: 'Email for Global preferences' });
    expect((emailGlobal as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('switch', { name: 'SMS for Global preferences' }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.click(emailGlobal);
    expect(client.updateGlobalPreference).toHaveBeenCalledWith({
      preferences: [{ channelType: 'email', enabled: false }],
    });

    const email = screen.getByRole('switch', { name: 'Email for Shift reminders' }) as HTMLInputElement;
    expect(email.checked).toBe(false);
    fireEvent.click(email);
    expect(client.updatePreference).toHaveBeenCalledWith('w1', 'email', true);

    const critical = screen.getByRole('switch', { name: 'In-app for Security alerts' }) as HTMLInputElement;
    expect(critical.disabled).toBe(true);
    expect(screen.getByText(en.criticalPreference)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No channels' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en.back }));
    expect(screen.getByRole('heading', { name: en.notifications })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en.settings }));
  });

  it('says so when a change is refused (the client has rolled the switch back)', async () => {
    const { client } = openBell(withPreferences(readyState({})));
    client.updatePreference.mockImplementationOnce(() => Promise.reject(new Error('HTTP 500')));
    fireEvent.click(screen.getByRole('button', { name: en.settings }));
    fireEvent.click(screen.getByRole('switch', { name: 'In-app for Shift reminders' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', en.preferenceSaveFailed);
  });
});

describe('branding, themes and languages', () => {
  it('feeds the organisation colour into a custom property and follows the theme', () => {
    const state = {
      ...readyState({}),
      organization: { _id: 'o1', name: 'Forecourt', branding: { color: '#aa3300' } },
    };
    const { container } = openBell(state, {}, 'dark');
    const root = container.querySelector('.fc-inbox-root') as HTMLElement;
    expect(root.style.getPropertyValue('--fc-inbox-primary')).toBe('#aa3300');
    expect(root.dataset.theme).toBe('dark');
    expect(root.getAttribute('dir')).toBe('ltr');
  });

  it('refuses a colour that would inject CSS', () => {
    const state = {
      ...readyState({}),
      organization: { _id: 'o1', name: 'x', branding: { color: 'red; background: url(https://evil.test)' } },
    };
    const { container } = openBell(state);
    const root = container.querySelector('.fc-inbox-root') as HTMLElement;
    expect(root.style.getPropertyValue('--fc-inbox-primary')).toBe('');
  });

  it('custom translations replace the English strings', () => {
    openBell(readyState({}), { i18n: { translations: { notifications: 'Meldungen', emptyFeed: 'Leer' } } });
    expect(screen.getByRole('heading', { name: 'Meldungen' })).toBeTruthy();
    expect(screen.getByText('Leer')).toBeTruthy();
  });

  it('shows English until a chosen language has loaded, then its strings, right to left for Arabic', async () => {
    const { loadInboxTranslations } = await import('./i18n/load');
    const ar = await loadInboxTranslations('ar');
    const { container } = openBell(readyState({}), { i18n: { language: 'ar' } });
    const root = container.querySelector('.fc-inbox-root') as HTMLElement;
    await waitFor(() => expect(root.getAttribute('dir')).toBe('rtl'));
    expect(screen.getByRole('heading', { name: ar.notifications })).toBeTruthy();
    expect(ar.notifications).not.toBe(en.notifications);
  });

  it('stays English when a language cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = openBell(readyState({}), { i18n: { language: 'xx' } });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: en.notifications })).toBeTruthy();
    expect((container.querySelector('.fc-inbox-root') as HTMLElement).getAttribute('dir')).toBe('ltr');
  });
});
