import type { TKeysetPage } from '@forecourt/contracts';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsSort, IconChevronsLeft, IconFilterOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SavedViewsMenu } from '../../features/saved-views';
import { TimeWindowControl, type TTimeWindowApi } from '../../features/time-window';
import { isApiError } from '../../lib/http';
import { type TSortValue, toggleSort } from '../../lib/list-sort';
import { CsvDownloadButton } from '../csv-download-button';
import { DataTable, type TColumn } from '../data-table';
import {
  clearedFilters,
  FilterBar,
  hasFilters,
  type TFilterField,
  type TFilterPatch,
  type TFilterValues,
} from '../filter-bar';
import { KeysetPager, type TKeysetPaging, useKeysetPaging } from '../keyset-pager';
import { PageHeader } from '../page-header';
import { currentFailure, EmptyResult, ErrorState, LoadingState } from '../query-states';
import { RefreshButton } from '../refresh-button';

export type TNoun = { one: string; other: string };

/** What the address bar holds for every keyset list besides its filters. */
export type TKeysetListSearch = TFilterValues & { cursor?: string; sort?: string };

/**
 * The one layout of the operations lists (station transactions, payments, vehicles, customers,
 * challans and the network's vehicle registry): heading with refresh, time window, filters, the
 * table and the keyset pager, with loading, empty and error states. Filters, sort and page live in
 * the address bar; a filter or sort change starts again from the first page.
 */
export function KeysetListScreen<TRow, TField extends string>({
  title,
  description,
  heading = 'section',
  noun,
  window,
  filters,
  search,
  defaultSort,
  query,
  columns,
  rowKey,
  testId,
  minWidth,
  empty,
  csv,
  actions,
}: {
  title: string;
  description: ReactNode;
  /** `page`: the page's own title (h1); `section`: a station page below the station's header. */
  heading?: 'page' | 'section';
  noun: TNoun;
  /** The list's time window; none for lists without one (the registry). */
  window?: TTimeWindowApi;
  filters: readonly TFilterField[];
  search: TKeysetListSearch;
  defaultSort: TSortValue<TField>;
  query: UseQueryResult<TKeysetPage<TRow>>;
  columns: readonly TColumn<TRow, TField>[];
  rowKey: (row: TRow) => string | number;
  /** `<testId>-table` on the table, `<testId>-row` on each row. */
  testId: string;
  minWidth?: number;
  /** The empty state without filters: nothing in the window (or nothing yet). */
  empty: { title: string; description: string };
  /** The list as CSV (its `format=csv` address and a file name for when the answer gives none). */
  csv?: { url: string; fallbackName: string };
  /** The list's own commands (e.g. "Add staff member"), shown first beside the download and refresh. */
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  const paging = useKeysetPaging(search.cursor);
  const sort = (search.sort ?? defaultSort) as TSortValue<TField>;
  const isFiltered = hasFilters(filters, search);
  const windowError = window?.error ?? null;

  const update = (patch: TFilterPatch, options: { replace?: boolean } = {}) =>
    navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...patch, cursor: undefined }),
      replace: options.replace,
    } as never);
  const clearFilters = () => update(clearedFilters(filters));
  const handleSort = (field: TField) => {
    // Amounts and counts start largest first; a column may say otherwise (severity: worst first).
    const column = columns.find((candidate) => candidate.sort === field);
    const next = toggleSort(sort, field, column?.firstSort ?? (column?.numeric ? 'desc' : 'asc'));
    update({ sort: next === defaultSort ? undefined : next });
  };

  const data = query.data;
  let content: ReactNode = null;
  if (windowError) {
    content = null;
  } else if (!data) {
    const failure = currentFailure(query);
    content = failure ? (
      <ListError
        noun={noun}
        error={failure.error}
        autoRetrying={failure.retrying}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
        paging={paging}
        onDefaultSort={search.sort ? () => update({ sort: undefined }) : undefined}
      />
    ) : (
      <LoadingState label={`Loading ${noun.other}…`} />
    );
  } else if (data.results.length === 0) {
    content = isFiltered ? (
      <EmptyResult
        title={`No ${noun.other} match these filters`}
        description={window ? 'Try other filters or a longer time window.' : 'Try other filters.'}
        action={
          <Button leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : !paging.isFirstPage ? (
      <EmptyResult
        title={`No more ${noun.other}`}
        description="This page is past the end of the list."
        action={<Button onClick={paging.first}>Go to the first page</Button>}
      />
    ) : (
      <EmptyResult title={empty.title} description={empty.description} />
    );
  } else {
    content = (
      <>
        <DataTable
          rows={data.results}
          columns={columns}
          rowKey={rowKey}
          sort={sort}
          onSort={handleSort}
          busy={query.isPlaceholderData}
          minWidth={minWidth}
          testId={`${testId}-table`}
          rowTestId={`${testId}-row`}
          caption={title}
        />
        <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <KeysetPager
            paging={paging}
            count={data.count}
            pages={data.pages}
            approximate={data.approximate}
            nextCursor={data.nextCursor}
            noun={noun}
            disabled={query.isPlaceholderData}
          />
        </Box>
      </>
    );
  }

  const refresh = (
    <Group gap="xs" wrap="nowrap">
      <SavedViewsMenu />
      {actions}
      {csv && (
        <CsvDownloadButton url={csv.url} fallbackName={csv.fallbackName} disabled={Boolean(windowError)} />
      )}
      <RefreshButton
        label={`Refresh ${noun.other}`}
        onRefresh={() => query.refetch()}
        refreshing={query.isFetching && !query.isPending}
        disabled={Boolean(windowError)}
      />
    </Group>
  );

  return (
    <Stack gap="md">
      {heading === 'page' ? (
        <PageHeader title={title} description={description} actions={refresh} />
      ) : (
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Title order={2} size="h3">
              {title}
            </Title>
            <Text size="sm" c="dimmed" component="div">
              {description}
            </Text>
          </Stack>
          {refresh}
        </Group>
      )}
      {window && <TimeWindowControl api={window} />}
      <FilterBar fields={filters} values={search} onChange={update} />
      {data && query.isError && !windowError && (
        <ErrorState
          title={`Could not refresh the ${noun.other}`}
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      )}
      {content && (
        <Paper withBorder radius="md" p={data?.results.length ? 0 : 'md'} style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
      )}
    </Stack>
  );
}

/**
 * A list that could not load. Worth another try after a network or server fault; a refused
 * request (a cursor from another sort, a sort the window is too long for) offers the way out.
 */
function ListError({
  noun,
  error,
  onRetry,
  isRetrying,
  autoRetrying,
  paging,
  onDefaultSort,
}: {
  noun: TNoun;
  error: unknown;
  autoRetrying: boolean;
  onRetry: () => void;
  isRetrying: boolean;
  paging: TKeysetPaging;
  onDefaultSort?: () => void;
}) {
  const refused = isApiError(error) && error.isClientError;
  return (
    <Stack gap="sm">
      <ErrorState
        title={`Could not load the ${noun.other}`}
        error={error}
        onRetry={refused ? undefined : onRetry}
        isRetrying={isRetrying}
        autoRetrying={autoRetrying}
      />
      {refused && (onDefaultSort || !paging.isFirstPage) && (
        <Group gap="xs">
          {onDefaultSort && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconArrowsSort size={14} aria-hidden />}
              onClick={onDefaultSort}
            >
              Use the default order
            </Button>
          )}
          {!paging.isFirstPage && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronsLeft size={14} aria-hidden />}
              onClick={paging.first}
            >
              Go to the first page
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
