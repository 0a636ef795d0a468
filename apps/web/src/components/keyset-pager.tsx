import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatNumber } from '../lib/format';

/**
 * Paging through a keyset list (API "Keyset lists"): the page on screen is the `cursor` in the
 * address bar (none on the first page) and "Next" goes to the answer's `nextCursor`. Cursors only
 * lead forward, so the cursors of the pages before this one travel with the history entry (its
 * `state`): "Previous" goes back through them, "First page" drops them, and the browser's own back
 * button works too because every page is its own address. A link opened elsewhere has no trail;
 * it can still go forward or to the first page.
 */

/** History-state key of the trail. Any navigation that does not carry it (a filter) starts afresh. */
const TRAIL_KEY = 'cursorTrail';

/** Cursors of the earlier pages, oldest first; `''` stands for the first page (no cursor). */
function readTrail(state: unknown): readonly string[] {
  const trail = (state as Record<string, unknown> | undefined)?.[TRAIL_KEY];
  return Array.isArray(trail) && trail.every((item) => typeof item === 'string') ? trail : [];
}

export type TKeysetPaging = {
  /** 0-based index of the page on screen, or `null` when it is not known (a shared link). */
  pageIndex: number | null;
  hasPrevious: boolean;
  isFirstPage: boolean;
  next: (nextCursor: string) => void;
  previous: () => void;
  first: () => void;
};

/** The paging state of the list whose page is `cursor`, and moves that write the address bar. */
export function useKeysetPaging(cursor: string | undefined): TKeysetPaging {
  const navigate = useNavigate();
  const state = useRouterState({ select: (router) => router.location.state });
  const trail = useMemo(() => (cursor ? readTrail(state) : []), [cursor, state]);

  const go = (target: string | undefined, nextTrail: readonly string[]) =>
    navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, cursor: target || undefined }),
      state: nextTrail.length > 0 ? { [TRAIL_KEY]: [...nextTrail] } : undefined,
    } as never);

  return {
    pageIndex: !cursor ? 0 : trail.length > 0 ? trail.length : null,
    hasPrevious: Boolean(cursor) && trail.length > 0,
    isFirstPage: !cursor,
    next: (nextCursor) => go(nextCursor, [...trail, cursor ?? '']),
    previous: () => go(trail.at(-1), trail.slice(0, -1)),
    first: () => go(undefined, []),
  };
}

/**
 * The count ("10,000+ transactions" when capped), where the page is, and First / Previous / Next.
 * `pages` is the server's page count; it is shown when the count is exact and the page is known.
 */
export function KeysetPager({
  paging,
  count,
  pages,
  approximate,
  nextCursor,
  noun,
  disabled,
}: {
  paging: TKeysetPaging;
  count: number;
  pages: number;
  approximate?: boolean;
  nextCursor: string | undefined;
  noun: { one: string; other: string };
  disabled?: boolean;
}) {
  const total = `${formatNumber(count)}${approximate ? '+' : ''} ${count === 1 && !approximate ? noun.one : noun.other}`;
  const { pageIndex } = paging;
  const position =
    pageIndex === null
      ? 'A later page'
      : approximate || pages < 1
        ? `Page ${formatNumber(pageIndex + 1)}`
        : `Page ${formatNumber(pageIndex + 1)} of ${formatNumber(Math.max(pages, pageIndex + 1))}`;

  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="keyset-pager">
      <Text size="sm" c="dimmed" component="div">
        <span data-testid="keyset-count">{total}</span>
        {' · '}
        <Text span inherit c="var(--mantine-color-text)" aria-live="polite" data-testid="keyset-position">
          {position}
        </Text>
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="First page">
          <ActionIcon
            variant="default"
            size={30}
            aria-label="First page"
            onClick={paging.first}
            disabled={disabled || paging.isFirstPage}
          >
            <IconChevronsLeft size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          onClick={paging.previous}
          disabled={disabled || !paging.hasPrevious}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} aria-hidden />}
          onClick={() => nextCursor && paging.next(nextCursor)}
          disabled={disabled || !nextCursor}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
