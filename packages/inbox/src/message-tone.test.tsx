import type { InboxClientOptions, InboxMessage } from '@forecourt/inbox-core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Bell } from './bell';
import type { InboxClientLike, InboxMessageTone } from './context';
import { InboxProvider } from './provider';
import { fakeClient, message, readyState } from './test/fake-client';

/** The bell opened on `messages`, with the host's `messageTone`. */
function openBell(
  messages: InboxMessage[],
  messageTone?: (message: InboxMessage) => InboxMessageTone | null,
) {
  const fake = fakeClient(readyState({ messages }));
  const createClient = vi.fn((_options: InboxClientOptions): InboxClientLike => fake.client);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <InboxProvider
      applicationIdentifier="app"
      subscriberId="s1"
      backendUrl="http://inbox.test"
      createClient={createClient}
      messageTone={messageTone}
    >
      {children}
    </InboxProvider>
  );
  render(<Bell />, { wrapper });
  fireEvent.click(screen.getByRole('button', { name: /open notifications/i }));
}

const item = (id: string) => document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;

describe("the host's message tone", () => {
  it('labels and colours each message by the tone the host gives, in words too', () => {
    const tones: Record<string, InboxMessageTone | null> = {
      urgent: { tone: 'urgent', label: 'Urgent' },
      done: { tone: 'done', label: 'Resolved' },
      plain: null,
    };
    openBell(
      [
        message('urgent', { severity: 'high' }),
        message('done', { severity: 'high' }),
        message('plain', { severity: 'high' }),
      ],
      (m) => tones[m._id] ?? null,
    );
    const urgent = item('urgent');
    expect(urgent.dataset.tone).toBe('urgent');
    expect(urgent.className).toContain('fc-inbox-item--tone');
    expect(within(urgent).getByTestId('fc-inbox-tone').textContent).toBe('Urgent: ');
    // The tone replaces the plain high-severity mark: a resolved incident is not marked pressing.
    expect(within(urgent).queryByTestId('fc-inbox-high')).toBeNull();
    const done = item('done');
    expect(done.dataset.tone).toBe('done');
    expect(within(done).getByTestId('fc-inbox-tone').textContent).toBe('Resolved: ');
    expect(done.className).not.toContain('fc-inbox-item--high');
    // Without a tone the message keeps the high-severity mark.
    const plain = item('plain');
    expect(plain.dataset.tone).toBeUndefined();
    expect(within(plain).getByTestId('fc-inbox-high')).toBeTruthy();
  });

  it('shows no tone when the host gives none', () => {
    openBell([message('m1')]);
    expect(screen.queryByTestId('fc-inbox-tone')).toBeNull();
  });
});
