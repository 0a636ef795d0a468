import type { InboxClientOptions, InboxState } from '@forecourt/inbox-core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Bell } from './bell';
import type { InboxClientLike } from './context';
import { en } from './i18n/en';
import { formatMessage } from './i18n/types';
import { InboxProvider } from './provider';
import { tabStep } from './tab-keys';
import { fakeClient, message, readyState } from './test/fake-client';

/** The Inbox / Archived / Snoozed tabs, archive and snooze per message, archive all read, severity. */
function openBell(state: InboxState, maxSnoozeHours = 720) {
  const fake = fakeClient(state);
  fake.client.maxSnoozeHours = maxSnoozeHours;
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
  fireEvent.click(screen.getByRole('button', { name: /open notifications/i }));
  return fake;
}

const views = () => within(screen.getByRole('tablist', { name: en.viewsLabel })).getAllByRole('tab');
const openMenu = (id: string) => {
  const item = document.querySelector<HTMLElement>(`[data-message-id="${id}"]`) as HTMLElement;
  fireEvent.click(within(item).getByRole('button', { name: en.messageActions }));
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((element) => element.textContent);
};
const menuItem = (name: string) => within(screen.getByRole('menu')).getByRole('menuitem', { name });

afterEach(() => vi.useRealTimers());

describe('views', () => {
  it('shows Inbox, Archived and Snoozed as tabs; clicks and arrow keys switch the view', () => {
    const { client, setState } = openBell(readyState({ messages: [message('m1')] }));
    expect(views().map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      [en.inboxTab, 'true'],
      [en.archivedTab, 'false'],
      [en.snoozedTab, 'false'],
    ]);
    fireEvent.click(views()[1] as HTMLElement);
    expect(client.setView).toHaveBeenLastCalledWith('archived');
    fireEvent.keyDown(views()[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(client.setView).toHaveBeenLastCalledWith('snoozed');
    act(() => setState(readyState({ view: 'snoozed' })));
    expect(views()[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(views()[2] as HTMLElement, { key: 'ArrowRight' });
    expect(client.setView).toHaveBeenLastCalledWith('inbox');
  });

  it('mirrors the arrow keys right to left', () => {
    expect(tabStep('ArrowRight', 'ltr')).toBe(1);
    expect(tabStep('ArrowRight', 'rtl')).toBe(-1);
    expect(tabStep('ArrowLeft', 'rtl')).toBe(1);
    expect(tabStep('Enter', 'rtl')).toBe(0);
  });
});

describe('archive', () => {
  it('archives from the message menu and with E; archives all read from the header', () => {
    const { client } = openBell(readyState({ messages: [message('m1'), message('m2', { read: true })] }));
    expect(openMenu('m1')).toEqual(
      expect.arrayContaining([en.markAsRead, en.archive, en.snoozeHour, en.removeMessage]),
    );
    fireEvent.click(menuItem(en.archive));
    expect(client.archive).toHaveBeenCalledWith('m1');
    const m2 = document.querySelector('[data-message-id="m2"]') as HTMLElement;
    fireEvent.keyDown(m2, { key: 'e' });
    expect(client.archive).toHaveBeenLastCalledWith('m2');
    fireEvent.click(screen.getByRole('button', { name: en.archiveAllRead }));
    expect(client.archiveAllRead).toHaveBeenCalledTimes(1);
  });

  it('in the archive, offers "move to inbox" (menu and E) and no inbox-only actions', () => {
    const { client } = openBell(
      readyState({ view: 'archived', messages: [message('a1', { archived: true, read: true, seen: true })] }),
    );
    expect(screen.queryByRole('button', { name: en.archiveAllRead })).toBeNull();
    expect(screen.queryByRole('button', { name: en.markAllAsRead })).toBeNull();
    expect(openMenu('a1')).toEqual([en.unarchive, en.removeMessage]);
    fireEvent.click(menuItem(en.unarchive));
    expect(client.unarchive).toHaveBeenCalledWith('a1');
    fireEvent.keyDown(document.querySelector('[data-message-id="a1"]') as HTMLElement, { key: 'e' });
    expect(client.unarchive).toHaveBeenCalledTimes(2);
    expect(client.archive).not.toHaveBeenCalled();
  });
});

describe('snooze', () => {
  it('offers an hour, tomorrow morning and next week, and snoozes until the chosen time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 7, 15, 30)); // a Wednesday
    const { client } = openBell(readyState({ messages: [message('m1')] }));
    expect(openMenu('m1')).toEqual(
      expect.arrayContaining([en.snoozeHour, en.snoozeTomorrow, en.snoozeNextWeek]),
    );
    fireEvent.click(menuItem(en.snoozeTomorrow));
    expect(client.snooze).toHaveBeenCalledWith('m1', new Date(2026, 0, 8, 9, 0));
  });

  it('leaves out the choices beyond the server maximum', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 7, 15, 30));
    openBell(readyState({ messages: [message('m1')] }), 24);
    const items = openMenu('m1');
    expect(items).toContain(en.snoozeTomorrow);
    expect(items).not.toContain(en.snoozeNextWeek);
  });

  it('the snoozed list shows until when and unsnoozes', () => {
    const until = '2030-01-08T09:00:00.000Z';
    const { client } = openBell(
      readyState({ view: 'snoozed', messages: [message('s1', { snoozedUntil: until })] }),
    );
    const shown = screen.getByTestId('fc-inbox-snoozed-until').textContent ?? '';
    expect(shown).toContain(formatMessage(en.snoozedUntil, { time: '' }).trim());
    expect(shown).toContain('2030');
    expect(openMenu('s1')).toEqual([en.unsnooze, en.removeMessage]);
    fireEvent.click(menuItem(en.unsnooze));
    expect(client.unsnooze).toHaveBeenCalledWith('s1');
  });
});

describe('severity', () => {
  it('badges high-severity messages and shows the unread high count once the popover is open', () => {
    const { client } = openBell(
      readyState({
        messages: [message('h1', { severity: 'high' }), message('l1', { severity: 'low' })],
        severity: { high: 2, medium: 0, low: 1, none: 0 },
      }),
    );
    expect(client.fetchSeverityCounts).toHaveBeenCalled();
    const high = document.querySelector('[data-message-id="h1"]') as HTMLElement;
    expect(within(high).getByTestId('fc-inbox-high').textContent).toContain(en.highSeverity);
    expect(high.className).toContain('fc-inbox-item--high');
    const low = document.querySelector('[data-message-id="l1"]') as HTMLElement;
    expect(within(low).queryByTestId('fc-inbox-high')).toBeNull();
    expect(screen.getByTestId('fc-inbox-high-unread').textContent).toBe(
      formatMessage(en.highUnread, { count: 2 }),
    );
  });

  it('shows no high count when there is none', () => {
    openBell(readyState({ messages: [message('m1')], severity: { high: 0, medium: 1, low: 0, none: 0 } }));
    expect(screen.queryByTestId('fc-inbox-high-unread')).toBeNull();
  });
});
