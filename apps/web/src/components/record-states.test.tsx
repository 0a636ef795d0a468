import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { ApiError } from '../lib/http';
import { RecordQuery } from './record-states';

type TQuery = Parameters<typeof RecordQuery<{ name: string }>>[0]['query'];

function renderRecord(query: Partial<TQuery>) {
  const refetch = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RecordQuery
        query={
          { data: undefined, isError: false, error: null, isFetching: false, refetch, ...query } as TQuery
        }
        back={<a href="/cards">All cards</a>}
        noun="card"
        notFound="It does not exist or belongs to another organisation."
      >
        {(card) => <p>Card {card.name}</p>}
      </RecordQuery>
    </AppProviders>,
  );
  return { refetch, user: userEvent.setup({ delay: null }) };
}

describe('RecordQuery', () => {
  it('says it is loading until the record arrives', () => {
    renderRecord({ isFetching: true });
    expect(screen.getByRole('status').textContent).toContain('Loading the card…');
    expect(screen.queryByText('All cards')).toBeNull();
  });

  it('renders the record once loaded', () => {
    renderRecord({ data: { name: 'A-1' } });
    expect(screen.getByText('Card A-1')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "not found" without a retry for a 404, under the back link', () => {
    const error = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Card was not found' });
    renderRecord({ isError: true, error });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Card not found');
    expect(alert.textContent).toContain('It does not exist or belongs to another organisation.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByText('All cards')).toBeTruthy();
  });

  it('offers a retry when the record could not be loaded', async () => {
    const error = new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Try again shortly.' });
    const { refetch, user } = renderRecord({ isError: true, error });
    expect(screen.getByRole('alert').textContent).toContain('Could not load the card');
    expect(screen.getByRole('alert').textContent).toContain('Try again shortly.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

/** A real query through the app's client: retries and their back-off as in the app. */
function QueryCard({ fetchCard }: { fetchCard: () => Promise<{ name: string }> }) {
  const query = useQuery({ queryKey: ['card', 'x'], queryFn: fetchCard });
  return (
    <RecordQuery query={query} back={<a href="/cards">All cards</a>} noun="card" notFound="Gone.">
      {(card) => <p>Card {card.name}</p>}
    </RecordQuery>
  );
}

function renderQueryCard(fetchCard: () => Promise<{ name: string }>) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <QueryCard fetchCard={fetchCard} />
    </AppProviders>,
  );
}

describe('RecordQuery with the app query client', () => {
  it('shows a server error at once, saying it retries, instead of "Loading…" through the back-off', async () => {
    const fetchCard = vi.fn(() =>
      Promise.reject(new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'The server is busy.' })),
    );
    renderQueryCard(fetchCard);
    // The back-off totals 7 s; the error must show well before the retries are spent.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The server is busy.');
    expect(alert.textContent).toContain('Retrying…');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetchCard.mock.calls.length).toBeLessThan(4);
  });

  it('shows a 403 at once, asks once, and offers no "Try again"', async () => {
    const fetchCard = vi.fn(() =>
      Promise.reject(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'You may not see cards.' })),
    );
    renderQueryCard(fetchCard);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('You may not see cards.');
    expect(alert.textContent).not.toContain('Retrying…');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(fetchCard).toHaveBeenCalledTimes(1));
  });
});
