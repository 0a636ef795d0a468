import type { TStationReview, TStationReviewPage } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderScreen } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { RING_ROAD_SURAT } from '../../test/stations';
import { ReviewsScreen } from './components/reviews-screen';
import { ZReviewsSearch } from './search';

const STATION = RING_ROAD_SURAT;

const review = (id: number, patch: Partial<TStationReview> = {}): TStationReview => ({
  id,
  stationId: 7,
  authorName: `Customer ${id}`,
  rating: 4,
  title: `Review ${id}`,
  body: 'Quick service.',
  reply: null,
  repliedAt: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  ...patch,
});

let reviews: TStationReview[];

/** The reviews screen alone, as the app's `/stations/$slug/reviews` route shows it. */
const renderReviews = () =>
  renderScreen(`/stations/${STATION.slug}/reviews`, {
    pattern: '/stations/$slug/reviews',
    validateSearch: ZReviewsSearch,
    screen: ({ params, search }) => <ReviewsScreen slug={params.slug ?? ''} search={search} />,
  });

function serve(me = ME.admin) {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === `/api/stations/${STATION.slug}`) return jsonResponse(STATION);
      if (url.pathname === `/api/stations/${STATION.slug}/reviews` && method === 'GET') {
        const page: TStationReviewPage = {
          count: 23,
          pages: 3,
          results: reviews,
          summary: {
            average: 4.2,
            count: 23,
            perStar: [
              { rating: 5, count: 12 },
              { rating: 4, count: 6 },
              { rating: 3, count: 2 },
              { rating: 2, count: 2 },
              { rating: 1, count: 1 },
            ],
          },
        };
        return jsonResponse(page);
      }
      const reply = /\/reviews\/(\d+)\/reply$/.exec(url.pathname);
      if (reply && method === 'POST') {
        const id = Number(reply[1]);
        const text = (body as { reply: string }).reply;
        reviews = reviews.map((r) =>
          r.id === id ? { ...r, reply: text, repliedAt: '2026-05-02T10:00:00.000Z' } : r,
        );
        return jsonResponse({ ...reviews.find((r) => r.id === id), audit: [] });
      }
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, me),
  );
}

beforeEach(() => {
  reviews = [review(1, { rating: 2, title: 'Long queue' }), review(2, { reply: 'Thank you!' })];
});

describe('the reviews page', () => {
  it('shows the rating summary with per-star bars and the reviews of page 1', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderReviews();
    expect(await screen.findByText('Long queue')).toBeTruthy();
    expect(screen.getByTestId('rating-average').textContent).toBe('4.2');
    const bars = screen.getAllByTestId('rating-bar');
    expect(bars).toHaveLength(5);
    expect(within(bars[0]!).getByText('12')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(within(screen.getAllByTestId('review')[1]!).getByTestId('review-reply').textContent).toContain(
      'Thank you!',
    );
    const [[url]] = callsTo(fetchMock, `/api/stations/${STATION.slug}/reviews`, 'GET') as [[string]];
    // Page 1 is the default: not sent.
    expect(String(url)).not.toContain('page=');
  });

  it('asks for page 2 (pages count from 1) on Next', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderReviews();
    await screen.findByText('Long queue');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `/api/stations/${STATION.slug}/reviews`, 'GET').some(([url]) =>
          String(url).includes('page=2'),
        ),
      ).toBe(true),
    );
  });

  it('lets an admin reply and shows the reply', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderReviews();
    const card = (await screen.findByText('Long queue')).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Reply' }));
    await user.click(within(card).getByRole('button', { name: 'Save reply' }));
    expect(within(card).getByText('Write a reply first')).toBeTruthy();
    await user.type(within(card).getByLabelText(/Your reply/), 'We opened a second lane.');
    await user.click(within(card).getByRole('button', { name: 'Save reply' }));
    await waitFor(() =>
      expect(within(card).getByTestId('review-reply').textContent).toContain('We opened a second lane.'),
    );
    const [[, init]] = callsTo(fetchMock, `/api/stations/${STATION.slug}/reviews/1/reply`, 'POST') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({ reply: 'We opened a second lane.' });
  });

  it('has no reply buttons for a member', async () => {
    signIn('member');
    serve(ME.member);
    renderReviews();
    await screen.findByText('Long queue');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit reply' })).toBeNull();
  });
});
