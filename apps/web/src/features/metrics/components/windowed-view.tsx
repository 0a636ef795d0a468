import { formatTime, type TTimeWindow } from '@forecourt/contracts';
import { ActionIcon, Box, Group, Paper, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { currentFailure, EmptyResult, ErrorState } from '../../../components/query-states';
import { PrintedWindow, ReportActions } from '../../../components/report-actions';
import { SavedViewsMenu } from '../../saved-views';
import { nudgeLiveWindows, TimeWindowControl, type TTimeWindowApi } from '../../time-window';
import { reportFileName } from '../report-csv';
import { ChartsSkeleton } from './chart-card';
import { KpiGridSkeleton } from './kpi-tile';

/** What the states below need of a TanStack query. */
export type TWindowedQuery<T> = {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  failureReason?: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
};

/** Fetches again: a live window moves to now (a new query), a fixed one asks for the same window. */
function refresh(api: Pick<TTimeWindowApi, 'window'>, query: Pick<TWindowedQuery<unknown>, 'refetch'>) {
  if (api.window.update) nudgeLiveWindows();
  else query.refetch();
}

/** A report screen's exports: the file's name (without date) and its CSV from the figures on screen. */
export type TReportExport<T> = { name: string; csv: (data: T) => string };

/**
 * Title row of a windowed screen or section: heading, a line on what it shows, a refresh button
 * (spinning while figures load) and the time-window control under it. With `report`, "Download
 * CSV" and "Print" of the figures on screen, and the window as a line of the printed page.
 */
export function WindowHeader<T extends { window: TTimeWindow }>({
  title,
  description,
  api,
  query,
  showFrequency = false,
  order = 2,
  actions,
  report,
}: {
  title: string;
  description?: ReactNode;
  api: TTimeWindowApi;
  query: TWindowedQuery<T>;
  showFrequency?: boolean;
  order?: 1 | 2;
  actions?: ReactNode;
  report?: TReportExport<T>;
}) {
  const updated = query.dataUpdatedAt > 0 && !api.error ? formatTime(query.dataUpdatedAt) : null;
  const data = api.error ? undefined : query.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={order} size={order === 1 ? 'h2' : 'h3'}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          )}
          {report && <PrintedWindow span={data?.window} />}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <SavedViewsMenu />
          {actions}
          {report && (
            <ReportActions
              fileName={data ? reportFileName(report.name, data.window) : null}
              csv={data ? () => report.csv(data) : null}
            />
          )}
          {updated && (
            <Text size="xs" c="dimmed" aria-live="polite">
              Updated {updated}
            </Text>
          )}
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Refresh ${title.toLowerCase()}`}
              onClick={() => refresh(api, query)}
              loading={query.isFetching}
              disabled={api.error !== null}
            >
              <IconRefresh size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <TimeWindowControl api={api} showFrequency={showFrequency} />
    </Stack>
  );
}

/**
 * The states of a windowed query: nothing while the window is invalid (the control says why, and
 * no call is made), skeletons while the first answer loads, an error with "Try again", the empty
 * state, and the content — kept on screen while the next window loads.
 */
export function WindowedView<T>({
  api,
  query,
  errorTitle,
  skeleton,
  isEmpty,
  empty,
  children,
}: {
  api: Pick<TTimeWindowApi, 'error'>;
  query: TWindowedQuery<T>;
  errorTitle: string;
  skeleton: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (api.error) return null;
  const retry = () => query.refetch();
  const failure = currentFailure(query);
  if (query.data === undefined) {
    return failure ? (
      <ErrorState
        title={errorTitle}
        error={failure.error}
        autoRetrying={failure.retrying}
        onRetry={retry}
        isRetrying={query.isFetching}
      />
    ) : (
      <Box aria-busy="true" data-testid="metrics-loading">
        <VisuallyHidden role="status">Loading…</VisuallyHidden>
        {skeleton}
      </Box>
    );
  }
  const data = query.data;
  return (
    <Stack gap="md" aria-busy={query.isPlaceholderData || undefined}>
      {query.isError && (
        <ErrorState
          title="Could not refresh these figures"
          error={query.error}
          onRetry={retry}
          isRetrying={query.isFetching}
        />
      )}
      {isEmpty?.(data) ? empty : children(data)}
    </Stack>
  );
}

/** "No sales in this window", with what to try. */
export function NoSales({
  title = 'No sales in this window',
  description = 'Pick a longer window, or an earlier one with the arrows of the time window.',
  action,
}: {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <EmptyResult title={title} description={description} action={action} />
    </Paper>
  );
}

/** A screen's figures while they load: a row of tiles (if any) and chart cards. */
export function ScreenSkeleton({
  tiles = 0,
  charts,
  height,
}: {
  tiles?: number;
  charts: number;
  height?: number;
}) {
  return (
    <Stack gap="md">
      {tiles > 0 && <KpiGridSkeleton count={tiles} />}
      <ChartsSkeleton count={charts} height={height} />
    </Stack>
  );
}
