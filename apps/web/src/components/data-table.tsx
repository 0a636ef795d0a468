import { Table, type TableTdProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { parseSort, type TSortValue } from '../lib/list-sort';
import { SortableTh, type TSortState } from './sortable-th';

/**
 * One column of a {@link DataTable}: its header, how a row fills its cell, and optionally the sort
 * field a click on the header sorts by.
 */
export type TColumn<TRow, TField extends string = string> = {
  key: string;
  header: ReactNode;
  /** The column's name on phones, where rows are cards; defaults to `header` when it is text. */
  label?: string;
  cell: (row: TRow) => ReactNode;
  /** Makes the header a sort button for this field. */
  sort?: TField;
  /** The order of the first click on the header (default: descending for numeric columns). */
  firstSort?: 'asc' | 'desc';
  /** Numbers are right-aligned, in tabular figures. */
  numeric?: boolean;
  /** Keeps the cell on one line (dates, amounts). */
  nowrap?: boolean;
  width?: TableTdProps['w'];
  /**
   * The cell holds the row's main link: a click anywhere else in the row follows it. The link stays
   * the one keyboard stop (no focusable row), so Tab and Enter work as before.
   */
  rowLink?: boolean;
};

/** Phone layout of a table (app/phone.css): the table's and its scroll container's classes. */
export const STACKED = 'fc-stacked';
export const STACKED_SCROLL = 'fc-stacked-scroll';

function columnLabel(column: { header: ReactNode; label?: string }): string | undefined {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

/** Controls inside a row keep their own clicks. */
const OWN_CLICK = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/** A click on a row, away from its controls and not ending a text selection, follows its main link. */
export function followRowLink(event: MouseEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if ((event.target as Element).closest(OWN_CLICK)) return;
  if (window.getSelection()?.toString()) return;
  const link = event.currentTarget.querySelector<HTMLAnchorElement>('[data-row-link] a[href]');
  if (!link) return;
  link.dispatchEvent(
    new window.MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      button: 0,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
    }),
  );
}

/**
 * A table described by its columns. Sorting is the caller's: the headers of sortable columns show
 * the current order (`aria-sort`) and report clicks through `onSort`. Below `minWidth` the table
 * scrolls sideways instead of squeezing its columns; on phones each row is a card instead
 * (`fc-stacked`, app/phone.css), every cell under its column's name.
 */
export function DataTable<TRow, TField extends string = string>({
  rows,
  columns,
  rowKey,
  sort,
  onSort,
  busy,
  minWidth = 720,
  testId,
  rowTestId,
  caption,
}: {
  rows: readonly TRow[];
  columns: readonly TColumn<TRow, TField>[];
  rowKey: (row: TRow) => string | number;
  /** The order the rows are in; needed for sortable headers. */
  sort?: TSortValue<TField>;
  onSort?: (field: TField) => void;
  /** Another page is loading; the rows shown are the previous ones. */
  busy?: boolean;
  minWidth?: number;
  testId?: string;
  rowTestId?: string;
  /** Names the table for assistive tech (not shown). */
  caption?: string;
}) {
  const current = sort ? parseSort(sort) : undefined;
  const linkedRows = columns.some((column) => column.rowLink);
  const sortState = (field: TField): TSortState =>
    current?.field !== field ? 'none' : current.direction === 'asc' ? 'ascending' : 'descending';

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className={STACKED_SCROLL}>
      <Table
        className={STACKED}
        data-testid={testId}
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-busy={busy || undefined}
        aria-label={caption}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const sortField = column.sort;
              return sortField && onSort ? (
                <SortableTh
                  key={column.key}
                  sorted={sortState(sortField)}
                  onSort={() => onSort(sortField)}
                  w={column.width}
                >
                  {column.header}
                </SortableTh>
              ) : (
                <Table.Th key={column.key} w={column.width} ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              data-testid={rowTestId}
              onClick={linkedRows ? followRowLink : undefined}
              style={linkedRows ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  data-row-link={column.rowLink || undefined}
                  data-label={columnLabel(column)}
                  ta={column.numeric ? 'right' : undefined}
                  style={{
                    fontVariantNumeric: column.numeric ? 'tabular-nums' : undefined,
                    whiteSpace: column.nowrap || column.numeric ? 'nowrap' : undefined,
                  }}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
