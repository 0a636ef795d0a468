import type { TTimeWindowScreen } from '@forecourt/contracts';
import { loaderPageNow } from './live-clock';
import { resolveTimeWindow } from './resolve';
import { ZTimeWindowSearch } from './search';
import type { TTimeWindowApi } from './use-time-window';

/**
 * The window a screen will open with, for its route loader: the same search parsing and the same
 * "now" as {@link useTimeWindow} will use, so the loader's query is the screen's first query.
 */
export function loaderWindow(
  screen: TTimeWindowScreen,
  rawSearch: unknown,
): Pick<TTimeWindowApi, 'params' | 'error'> {
  const parsed = ZTimeWindowSearch.safeParse(rawSearch ?? {});
  const search = parsed.success ? parsed.data : {};
  const { window, error } = resolveTimeWindow(screen, search, loaderPageNow());
  return {
    params: { startDate: window.startDate, endDate: window.endDate, frequency: window.frequency },
    error,
  };
}
