import type { InboxClientOptions, InboxState } from '@forecourt/inbox-core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bell } from './bell';
import type { InboxClientLike } from './context';
import { InboxProvider } from './provider';
import { SEEN_AFTER_MS } from './seen-on-view';
import { fakeClient, message, readyState } from './test/fake-client';

/** Seen on open, the unread counter, fetched-as-read, usage logs and the global master switch. */
function setup(state: InboxState) {
  const fake = fakeClient(state);
  const createClient = vi.fn((_options: InboxClientOptions): InboxClientLike => fake.client);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <InboxProvider
      applicationIdentifier="app"
      subscriberId="s1"
      backendUrl="http://inbox.test"
      createClient={createClient}
    >
      {children}
    </InboxProvider>
  );
  render(<Bell />, { wrapper });
  return fake;
}

const withUnread = (state: InboxState, unread: number): InboxState => ({
  ...state,
  counts: { ...state.counts, unread },
});

afterEach(() => vi.useRealTimers());

describe('the finished inbox', () => {
  it('marks the shown messages seen once the feed has been in view a moment, not before', () => {
    vi.useFakeTimers();
    const { client } = setup(
      readyState({ messages: [message('m1'), message('m2', { seen: true })], unseen: 1 }),
    );
    fireEvent.click(screen.getByRole('button', { name: /open notifications/i }));
    act(() => vi.advanceTimersByTime(SEEN_AFTER_MS - 100));
    expect(client.markFetchedAsSeen).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(client.markFetchedAsSeen).toHaveBeenCalledTimes(1);
  });

  it('does not mark anything seen while the popover is closed or nothing is new', () => {
    vi.useFakeTimers();
    const { client } = setup(readyState({ messages: [message('m1')], unseen: 1 }));
    act(() => vi.advanceTimersByTime(SEEN_AFTER_MS * 3));
    expect(client.markFetchedAsSeen).not.toHaveBeenCalled();
  });

  it('shows the unread count in the header and in the bell’s name; logs the opening', () => {
    const { client } = setup(withUnread(readyState({ messages: [message('m1')], unseen: 2 }), 5));
    const bell = screen.getByRole('button', { name: /open notifications/i });
    expect(bell.getAttribute('aria-label')).toBe('Open notifications (2 unseen notifications) (5 unread)');
    fireEvent.click(bell);
    expect(screen.getByTestId('fc-inbox-unread').textContent).toBe('5 unread');
    expect(client.logUsage).toHaveBeenCalledWith('Open Inbox', {});
  });

  it('marks the shown messages read from the header, and logs mark all read and item clicks', () => {
    const { client } = setup(readyState({ messages: [message('m1')], unseen: 1 }));
    fireEvent.click(screen.getByRole('button', { name: /open notifications/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark shown as read' }));
    expect(client.markFetchedAsRead).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(client.logUsage).toHaveBeenCalledWith('Mark All As Read', {});
    fireEvent.click(screen.getByText('Message m1'));
    expect(client.logUsage).toHaveBeenCalledWith('Notification Click', {
      notificationId: 'm1',
      hasCta: false,
    });
  });

  it('sends enabled from the global master switch', () => {
    const state = readyState({});
    const { client } = setup({
      ...state,
      preferences: {
        status: 'ready',
        workflows: [],
        global: { preference: { enabled: true, channels: { in_app: true, email: true } } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /open notifications/i }));
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('switch', { name: 'All notifications' }));
    expect(client.updateGlobalPreference).toHaveBeenCalledWith({ enabled: false });
    expect(client.logUsage).toHaveBeenCalledWith('Update Global Preference', { enabled: false });
  });
});
