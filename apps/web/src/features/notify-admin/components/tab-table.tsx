import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { currentFailure, EmptyResult, ErrorState, LoadingState } from '../../../components/query-states';

/** What a tab's table reads from its query: a page of rows in `data`. */
type TTabQuery<T> = {
  data?: { data: T[] };
  isError: boolean;
  error: unknown;
  failureReason?: unknown;
  refetch: () => unknown;
};

/**
 * The table of a notifications tab on a bordered sheet: loading, failed (with a retry), empty, or
 * the header row and `children(rows)` as the body.
 */
export function TabTable<T>({
  query,
  loadingLabel,
  errorTitle,
  emptyTitle,
  headers,
  testId,
  minWidth,
  children,
}: {
  query: TTabQuery<T>;
  loadingLabel: string;
  errorTitle: string;
  emptyTitle: string;
  headers: string[];
  testId: string;
  /** Scroll sideways below this width; without it the table is not wrapped in a scroller. */
  minWidth?: number;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = query.data?.data;
  const table = rows && (
    <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header) => (
            <Table.Th key={header}>{header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children(rows)}</Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder radius="md" p={rows?.length ? 0 : 'md'}>
      {!rows ? (
        currentFailure(query) ? (
          <ErrorState
            title={errorTitle}
            error={currentFailure(query)?.error}
            autoRetrying={currentFailure(query)?.retrying}
            onRetry={() => query.refetch()}
          />
        ) : (
          <LoadingState label={loadingLabel} />
        )
      ) : rows.length === 0 ? (
        <EmptyResult title={emptyTitle} />
      ) : minWidth ? (
        <Table.ScrollContainer minWidth={minWidth} type="native">
          {table}
        </Table.ScrollContainer>
      ) : (
        table
      )}
    </Paper>
  );
}

/** "Label: value" in a detail dialog. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}
