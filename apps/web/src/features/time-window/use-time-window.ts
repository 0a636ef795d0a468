import {
  stepWindow,
  type TDurationToken,
  type TTimeWindowPreset,
  type TTimeWindowScreen,
  toDurationToken,
} from '@forecourt/contracts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useLiveNow } from './live-clock';
import { liveRefreshMs, resolveTimeWindow, type TResolvedTimeWindow } from './resolve';
import { EMPTY_TIME_WINDOW_SEARCH, type TTimeWindowSearch, ZTimeWindowSearch } from './search';

export type TTimeWindowApi = TResolvedTimeWindow & {
  screen: TTimeWindowScreen;
  /** `startDate`, `endDate` and `frequency` for the API call (the window's own values). */
  params: { startDate: string; endDate: string; frequency: string };
  setSpan: (span: TDurationToken) => void;
  setPreset: (preset: TTimeWindowPreset) => void;
  /** A fixed window; without `endDate` it runs to now and stays live. */
  setRange: (range: { startDate: string; endDate?: string }) => void;
  step: (direction: 'back' | 'forward') => void;
  /** `undefined` returns to the automatic step. */
  setFrequency: (frequency: TDurationToken | undefined) => void;
  /** Live on: the same span, ending now. Live off: the window as it is now, fixed. */
  setLive: (live: boolean) => void;
};

/**
 * The time window of the current screen, read from and written to the address bar. Changes keep
 * the rest of the search (filters, sort) and start paging again from the first page.
 */
export function useTimeWindow(screen: TTimeWindowScreen): TTimeWindowApi {
  const rawSearch = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search = useMemo(() => ZTimeWindowSearch.parse(rawSearch), [rawSearch]);

  // First resolve at the page's clock to learn whether the window is live, then tick.
  const initial = resolveTimeWindow(screen, search, Date.now());
  const now = useLiveNow(initial.window.update, liveRefreshMs(initial.window));
  const resolved = useMemo(() => resolveTimeWindow(screen, search, now), [screen, search, now]);

  const write = useCallback(
    (patch: Partial<TTimeWindowSearch>) =>
      navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous, ...EMPTY_TIME_WINDOW_SEARCH, ...patch };
          // A new window starts its list again: cursors and pages belong to the old one.
          delete next.cursor;
          if ('page' in next) next.page = undefined;
          return next;
        },
      } as never),
    [navigate],
  );

  const { window } = resolved;
  const frequency = search.frequency;
  return {
    ...resolved,
    screen,
    params: { startDate: window.startDate, endDate: window.endDate, frequency: window.frequency },
    setSpan: (span) => write({ span }),
    setPreset: (preset) => write({ preset }),
    setRange: (range) => write({ startDate: range.startDate, endDate: range.endDate, frequency }),
    step: (direction) => {
      const moved = stepWindow(window, direction, { now: Date.now() });
      if (moved === window) return;
      if (moved.update) {
        const span = toDurationToken(Date.parse(moved.endDate) - Date.parse(moved.startDate));
        write(span ? { span, frequency } : { startDate: moved.startDate, frequency });
      } else {
        write({ startDate: moved.startDate, endDate: moved.endDate, frequency });
      }
    },
    setFrequency: (next) => write({ ...currentShape(search), frequency: next }),
    setLive: (live) => {
      if (live) {
        const span = toDurationToken(Date.parse(window.endDate) - Date.parse(window.startDate));
        write(span ? { span, frequency } : { startDate: window.startDate, frequency });
      } else {
        write({ startDate: window.startDate, endDate: window.endDate, frequency });
      }
    },
  };
}

/** The window's current shape without its frequency, to change only the step. */
function currentShape(search: TTimeWindowSearch): Partial<TTimeWindowSearch> {
  if (search.startDate) return { startDate: search.startDate, endDate: search.endDate };
  if (search.preset) return { preset: search.preset };
  if (search.span) return { span: search.span };
  return {};
}
