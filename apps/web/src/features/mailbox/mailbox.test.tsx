import type { TOutboxMessage } from '@forecourt/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as MailboxPage } from '../../routes/mailbox.lazy';
import { errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { ZMailboxSearch } from './search';

const MESSAGES: TOutboxMessage[] = [
  {
    id: 12,
    to: 'member@forecourt.demo',
    subject: 'Reset your Forecourt password',
    text: 'Choose a new password: http://localhost:8080/reset-password?token=abc123.\nThe link works for 30 minutes.',
    html: '<p>Choose a new password</p>',
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  {
    id: 11,
    to: 'new@forecourt.demo',
    subject: 'You are invited to Forecourt',
    text: 'Join: http://localhost:8080/signup?invitation=xyz',
    html: '',
    createdAt: '2026-03-01T09:00:00.000Z',
  },
];

beforeEach(() => {
  signIn('admin');
  stubFetch(
    withMe(({ url }) => {
      if (url.pathname === '/api/outbox') return jsonResponse({ count: 2, pages: 1, results: MESSAGES });
      const message = MESSAGES.find((candidate) => url.pathname === `/api/outbox/${candidate.id}`);
      return message ? jsonResponse(message) : errorResponse(404, 'NOT_FOUND', 'No such message');
    }),
  );
});

/** The mailbox alone, as the app's `/mailbox` shows it. */
const PAGES: TScreenPage[] = [{ page: MailboxPage, validateSearch: ZMailboxSearch }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the mailbox', () => {
  it('lists the mail and opens a message with its links clickable', async () => {
    const { user, router } = renderPage('/mailbox');
    const items = await screen.findAllByTestId('mailbox-message');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Reset your Forecourt password')).toBeTruthy();

    await user.click(within(items[0]!).getByRole('link'));
    expect(router.state.location.search).toMatchObject({ message: '12' });
    const view = await screen.findByTestId('mailbox-message-view');
    expect(within(view).getByRole('heading', { name: 'Reset your Forecourt password' })).toBeTruthy();
    const link = within(view).getByRole('link', { name: /reset-password/ });
    // The sentence's full stop is not part of the address.
    expect(link.getAttribute('href')).toBe('http://localhost:8080/reset-password?token=abc123');
  });

  it('says so when a message is not there', async () => {
    renderPage('/mailbox?message=99');
    expect(await screen.findByText('Message not found')).toBeTruthy();
  });
});
