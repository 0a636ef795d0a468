import { Group, Select, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { FilterBar, type TFilterField } from '../../../components/filter-bar';
import { Pager } from '../../../components/pager';
import { EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';
import { useCan } from '../../auth';
import { reviewsCsvUrl } from '../api';
import { useReviews } from '../queries';
import { RATING_VALUES, type TReviewsSearch } from '../search';
import { RatingSummary } from './rating-summary';
import { ReviewCard } from './review-card';

const FILTERS: TFilterField[] = [
  {
    kind: 'multi',
    key: 'rating',
    label: 'Rating',
    placeholder: 'Any rating',
    options: RATING_VALUES.map((value) => ({ value, label: `${value} ★` })),
  },
  {
    kind: 'boolean',
    key: 'replied',
    label: 'Reply',
    anyLabel: 'Any',
    trueLabel: 'Replied',
    falseLabel: 'Not replied',
  },
];

const SORTS = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-rating', label: 'Highest rating' },
  { value: 'rating', label: 'Lowest rating' },
];

/** /stations/$slug/reviews: rating summary, filters, reviews 10 a page from page 1, replies. */
export function ReviewsScreen({ slug, search }: { slug: string; search: TReviewsSearch }) {
  const navigate = useNavigate({ from: '/stations/$slug/reviews' });
  const canReply = useCan('reviews:u');
  const page = search.page ?? 1;
  const params = { page: search.page, sort: search.sort, rating: search.rating, replied: search.replied };
  const reviews = useReviews(slug, params);
  const data = reviews.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Reviews
        </Title>
        <CsvDownloadButton url={reviewsCsvUrl(slug, params)} fallbackName={`reviews-${slug}.csv`} />
      </Group>
      {data && <RatingSummary summary={data.summary} />}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterBar
          fields={FILTERS}
          values={search}
          onChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) })}
        />
        <Select
          label="Order"
          data={SORTS}
          value={search.sort ?? '-createdAt'}
          allowDeselect={false}
          onChange={(value) =>
            void navigate({
              search: (prev) => ({
                ...prev,
                sort: value && value !== '-createdAt' ? (value as TReviewsSearch['sort']) : undefined,
                page: undefined,
              }),
            })
          }
          w={170}
        />
      </Group>
      {!data ? (
        reviews.isError ? (
          <ErrorState
            title="Could not load reviews"
            error={reviews.error}
            onRetry={() => reviews.refetch()}
          />
        ) : (
          <LoadingState label="Loading reviews…" />
        )
      ) : data.results.length === 0 ? (
        <EmptyResult title={data.summary.count ? 'No reviews match' : 'No reviews yet'} />
      ) : (
        <Stack gap="sm" style={{ opacity: reviews.isPlaceholderData ? 0.6 : 1 }}>
          {data.results.map((review) => (
            <ReviewCard key={review.id} slug={slug} review={review} canReply={canReply} />
          ))}
          <Pager
            page={page - 1}
            pages={data.pages}
            count={data.count}
            approximate={data.approximate}
            noun={{ one: 'review', other: 'reviews' }}
            onPageChange={(next) =>
              void navigate({ search: (prev) => ({ ...prev, page: next > 0 ? next + 1 : undefined }) })
            }
            disabled={reviews.isPlaceholderData}
          />
        </Stack>
      )}
    </Stack>
  );
}
