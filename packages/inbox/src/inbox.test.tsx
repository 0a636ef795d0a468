import type { InboxClientOptions } from '@forecourt/inbox-core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Bell, badgeLabel } from './bell';
import type { InboxClientLike } from './context';
import { InboxErrorBoundary } from './error-boundary';
import { useInboxActions, useNotifications, useUnseenCount } from './hooks';
import { en } from './i18n/en';
import { formatMessage } from './i18n/types';
import { plainText } from './item';
import { InboxProvider } from './provider';
import { relativeTime } from './relative-time';
import { fakeClient, message, readyState } from './test/fake-client';

function setup(state = readyState({})) {
  const fake = fakeClient(state);
  const createClient = vi.fn((_options: InboxClientOptions): InboxClientLike => fake.client);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <InboxProvider
      applicationIdentifier="app"
      subscriberId="s1"
      subscriberHash="h1"
      backendUrl="http://inbox.test"
      createClient={createClient}
    >
      {children}
    </InboxProvider>
  );
  return { ...fake, createClient, wrapper };
}

function openBell(state = readyState({})) {
  const ctx = setup(state);
  render(<Bell />, { wrapper: ctx.wrapper });
  const bell = screen.getByRole('button', { name: /open notifications/i });
  fireEvent.click(bell);
  return { ...ctx, bell };
}

describe('hooks outside the provider', () => {
  it.each([
    ['useNotifications', useNotifications],
    ['useUnseenCount', useUnseenCount],
    ['useInboxActions', useInboxActions],
  ] as const)('%s throws a clear error', (name, hook) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => hook())).toThrow(`${name} must be used inside <InboxProvider>`);
  });
});

describe('InboxProvider', () => {
  it('creates one client, configures it, reconfigures on identity change and destroys on unmount', () => {
    const { client, createClient } = setup();
    const props = { applicationIdentifier: 'app', backendUrl: 'http://inbox.test', createClient };
    const view = render(<InboxProvider {...props} subscriberId="s1" subscriberHash="h1" />);
    expect(client.configure).toHaveBeenLastCalledWith({
      applicationIdentifier: 'app',
      subscriberId: 's1',
      subscriberHash: 'h1',
    });
    view.rerender(<InboxProvider {...props} subscriberId="s2" subscriberHash="h2" />);
    expect(client.configure).toHaveBeenLastCalledWith({
      applicationIdentifier: 'app',
      subscriberId: 's2',
      subscriberHash: 'h2',
    });
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient.mock.calls[0]?.[0]).toMatchObject({ backendUrl: 'http://inbox.test' });
    expect(client.destroy).not.toHaveBeenCalled();
    view.unmount();
    expect(client.destroy).toHaveBeenCalledTimes(1);
  });

  it('useNotifications loads page 0 once the session is ready and follows the state', () => {
    const idle = readyState({ feedStatus: 'idle' });
    const { client, wrapper, setState } = setup(idle);
    const { result } = renderHook(() => useNotifications(), { wrapper });
    expect(client.fetchFeed).toHaveBeenCalledTimes(1);
    act(() => setState(readyState({ messages: [message('m1')] })));
    expect(result.current.notifications.map((m) => m._id)).toEqual(['m1']);
  });
});

describe('Bell', () => {
  it('caps the badge at 99+', () => {
    expect(badgeLabel(5)).toBe('5');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(3, true)).toBe('99+');
    const { wrapper, setState } = setup(readyState({ unseen: 120 }));
    render(<Bell />, { wrapper });
    expect(screen.getByTestId('fc-inbox-badge').textContent).toBe('99+');
    act(() => setState(readyState({ unseen: 7 })));
    expect(screen.getByTestId('fc-inbox-badge').textContent).toBe('7');
    act(() => setState(readyState({ unseen: 0 })));
    expect(screen.queryByTestId('fc-inbox-badge')).toBeNull();
  });

  it('opens a dialog that takes focus; Escape closes it and returns focus to the bell', () => {
    const { bell } = openBell();
    const dialog = screen.getByRole('dialog', { name: en.notifications });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the empty text and the footer', () => {
    openBell(readyState({ messages: [] }));
    expect(screen.getByText('Nothing new to see here yet')).toBeTruthy();
    expect(screen.getByText('Powered by Forecourt')).toBeTruthy();
  });

  it('marks a message read from its menu, and unread when it is read', () => {
    const { client } = openBell(
      readyState({ messages: [message('m1'), message('m2', { read: true, seen: true })] }),
    );
    const [first, second] = screen.getAllByRole('article');
    expect(first?.className).toContain('fc-inbox-item--unread');
    expect(second?.className).not.toContain('fc-inbox-item--unread');

    const toggles = screen.getAllByRole('button', { name: en.messageActions });
    fireEvent.click(toggles[0]!);
    const read = screen.getByRole('menuitem', { name: en.markAsRead });
    expect(document.activeElement).toBe(read);
    fireEvent.click(read);
    expect(client.markAsRead).toHaveBeenCalledWith('m1');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(toggles[1]!);
    expect(screen.queryByRole('menuitem', { name: en.markAsRead })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: en.markAsUnread }));
    expect(client.markAsUnread).toHaveBeenCalledWith('m2');
  });

  it('removes a message; Escape in the menu closes only the menu', () => {
    const { client } = openBell(readyState({ messages: [message('m1')] }));
    const toggle = screen.getByRole('button', { name: en.messageActions });
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('menuitem', { name: en.removeMessage }));
    expect(client.removeMessage).toHaveBeenCalledWith('m1');
  });

  it('marks all as read from the header', () => {
    const { client } = openBell(readyState({ messages: [message('m1')] }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(client.markAllAsRead).toHaveBeenCalledTimes(1);
  });

  it('shows message content as sanitised HTML: inline markup stays, scripts and images never', () => {
    openBell(
      readyState({
        messages: [
          message('m1', {
            content:
              '<img src=x onerror="alert(1)"><b onclick="alert(2)">Tank 3</b> low <script>alert(3)</script>' +
              '<a href="javascript:alert(4)">bad</a> <a href="https://example.test/t3" target="_self">see</a>',
          }),
        ],
      }),
    );
    const item = screen.getByRole('article');
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('script')).toBeNull();
    expect(item.querySelector('[onclick]')).toBeNull();
    expect(item.querySelector('b')?.textContent).toBe('Tank 3');
    const [bad, good] = item.querySelectorAll('a');
    expect(bad?.hasAttribute('href')).toBe(false);
    expect(good?.getAttribute('href')).toBe('https://example.test/t3');
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(good?.getAttribute('target')).toBe('_blank');
  });

  it('loads the next page from the button and when the button scrolls into view', () => {
    let callback: IntersectionObserverCallback = () => {};
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { client } = openBell(readyState({ messages: [message('m1')], hasMore: true }));
    fireEvent.click(screen.getByRole('button', { name: en.loadMore }));
    expect(client.fetchNextPage).toHaveBeenCalledTimes(1);
    act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(client.fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('renders the fallback instead of crashing the host when the inbox throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Bell fallback={<span>inbox unavailable</span>} />);
    expect(screen.getByText('inbox unavailable')).toBeTruthy();
    const Boom = () => {
      throw new Error('boom');
    };
    const { container } = render(
      <InboxErrorBoundary>
        <Boom />
      </InboxErrorBoundary>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('helpers', () => {
  it('formats relative time in the chosen language', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(relativeTime('2026-01-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-01-09T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-01-10T12:00:00Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-01-10T09:00:00Z', 'de', now)).toBe('vor 3 Stunden');
    expect(relativeTime('not a date', 'en', now)).toBe('');
  });

  it('strips markup and fills placeholders', () => {
    expect(plainText('<p>Pump <em>4</em> offline</p>')).toBe('Pump 4 offline');
    expect(plainText('<strong>Tank dip</strong><br>Record the readings')).toBe(
      'Tank dip\nRecord the readings',
    );
    expect(formatMessage(en.unseenCount, { count: '99+' })).toBe('99+ unseen notifications');
  });

  it('English has every string, none empty', () => {
    for (const [key, value] of Object.entries(en)) expect(value, key).not.toBe('');
  });
});
