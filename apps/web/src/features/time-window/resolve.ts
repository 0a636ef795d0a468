import {
  autoFrequency,
  describeDurationToken,
  FREQUENCY_LADDER,
  formatDate,
  formatDateTime,
  formatTime,
  MAX_WINDOW_POINTS,
  parseDurationToken,
  presetRange,
  READABLE_CHART_POINTS,
  resolveWindow,
  type TApiError,
  type TDurationToken,
  TIME_WINDOW_PRESET_LABELS,
  TIME_WINDOWS,
  type TTimeWindow,
  type TTimeWindowScreen,
  validateWindow,
} from '@forecourt/contracts';
import type { TTimeWindowSearch } from './search';

/** How the window was chosen, for the control's label and its live behaviour. */
export type TWindowMode = 'default' | 'span' | 'preset' | 'custom';

export type TResolvedTimeWindow = {
  window: TTimeWindow;
  mode: TWindowMode;
  /** What the control's button says: "Last 24 hours", "Today", "1 Apr, 6:00 am – 2 Apr, 6:00 am". */
  label: string;
  /** The frequency was chosen by hand (else automatically). */
  manualFrequency: boolean;
  /** Why the window cannot be shown (too long, too short, bad step); same text the API gives. */
  error: TApiError | null;
};

const SPAN_LABELS: Partial<Record<string, string>> = {
  '1h': TIME_WINDOW_PRESET_LABELS.last1h,
  '24h': TIME_WINDOW_PRESET_LABELS.last24h,
  '1d': TIME_WINDOW_PRESET_LABELS.last24h,
  '7d': TIME_WINDOW_PRESET_LABELS.last7d,
  '1w': TIME_WINDOW_PRESET_LABELS.last7d,
  '30d': TIME_WINDOW_PRESET_LABELS.last30d,
};

/** "Last 24 hours" for a rolling span. */
export function spanLabel(span: string): string {
  return SPAN_LABELS[span] ?? `Last ${describeDurationToken(span)}`;
}

/** "25 Nov" (this year) or "25 Nov 2025", in IST. */
function dayLabel(at: string, now: number): string {
  const date = formatDate(at);
  const thisYear = formatDate(now).split(' ').pop();
  return date.endsWith(` ${thisYear}`) ? date.slice(0, -(thisYear ?? '').length - 1) : date;
}

/**
 * What a fixed or open-ended range is called. A range within one day names the day once
 * ("25 Nov, 2:32 am – 4:00 am"); one spanning days names both ("24 Nov, 2:32 am – 25 Nov, 2:32 am"),
 * even when one end is today.
 */
export function rangeLabel(startDate: string, endDate: string, live: boolean, now: number): string {
  const start = `${dayLabel(startDate, now)}, ${formatTime(startDate)}`;
  if (live) return `${formatDateTime(startDate, { now })} – now`;
  const sameDay = formatDate(startDate) === formatDate(endDate);
  return sameDay
    ? `${start} – ${formatTime(endDate)}`
    : `${start} – ${dayLabel(endDate, now)}, ${formatTime(endDate)}`;
}

/**
 * The window a screen shows for its address-bar state at `now`. Pure: the hook passes a clock that
 * ticks while the window is live.
 */
export function resolveTimeWindow(
  screen: TTimeWindowScreen,
  search: TTimeWindowSearch,
  now: number,
): TResolvedTimeWindow {
  const config = TIME_WINDOWS[screen];
  let mode: TWindowMode;
  let label: string;
  let window: TTimeWindow;
  if (search.startDate) {
    mode = 'custom';
    window = resolveWindow(screen, {
      startDate: search.startDate,
      endDate: search.endDate,
      frequency: search.frequency,
      now,
    });
    label = rangeLabel(window.startDate, window.endDate, window.update, now);
  } else if (search.preset) {
    mode = 'preset';
    const range = presetRange(search.preset, now);
    // A calendar period still running (today, this month) is shown up to now, not to its end.
    const endDate = range.update ? new Date(now).toISOString() : range.endDate;
    window = {
      ...resolveWindow(screen, { startDate: range.startDate, endDate, frequency: search.frequency, now }),
      update: range.update,
    };
    label = TIME_WINDOW_PRESET_LABELS[search.preset];
  } else {
    const span = search.span ?? config.defaultSpan;
    mode = search.span ? 'span' : 'default';
    const spanMs = parseDurationToken(span) ?? 0;
    window = resolveWindow(screen, {
      startDate: new Date(now - spanMs).toISOString(),
      frequency: search.frequency,
      now,
    });
    label = spanLabel(span);
  }
  // Without a step picked by hand, draw a readable number of steps for the window.
  if (!search.frequency) window = { ...window, frequency: automaticFrequency(screen, window) };
  // A preset "today" shown up to now may be shorter than the screen's minimum early in the day;
  // the check uses the whole period then, as the preset list offered it.
  const checked =
    mode === 'preset' && search.preset
      ? { ...presetRange(search.preset, now), frequency: search.frequency }
      : { startDate: window.startDate, endDate: window.endDate, frequency: search.frequency };
  const error = validateWindow(screen, checked);
  return { window, mode, label, manualFrequency: Boolean(search.frequency), error };
}

/**
 * Steps a person may pick by hand for this window: the ladder from the screen's finest step up,
 * without steps that would draw more than the API's point limit. Steps that are not whole hours
 * need a window of at most 7 days (the API reads raw rows for them).
 */
export function frequencyChoices(screen: TTimeWindowScreen, window: TTimeWindow): TDurationToken[] {
  const minStep = parseDurationToken(TIME_WINDOWS[screen].step) ?? 0;
  const span = Date.parse(window.endDate) - Date.parse(window.startDate);
  const week = parseDurationToken('1w') ?? 0;
  const hour = parseDurationToken('1h') ?? 0;
  return FREQUENCY_LADDER.filter((token) => {
    const step = parseDurationToken(token) ?? 0;
    if (step < minStep) return false;
    if (Math.ceil(span / step) > MAX_WINDOW_POINTS) return false;
    if (step % hour !== 0 && span > week) return false;
    return step < span;
  });
}

/**
 * The automatic step for a window: the finest step of the ladder (not finer than the screen's) that
 * keeps the chart to a readable number of points — 24 hours hourly, 7 days 6-hourly.
 */
export function automaticFrequency(screen: TTimeWindowScreen, window: TTimeWindow): TDurationToken {
  const span = Date.parse(window.endDate) - Date.parse(window.startDate);
  return autoFrequency(span, {
    minStepMs: parseDurationToken(TIME_WINDOWS[screen].step) ?? 0,
    maxPoints: READABLE_CHART_POINTS,
  });
}

/** How often a live window moves to now: often for short windows, rarely for long ones. */
export function liveRefreshMs(window: TTimeWindow): number {
  const span = Date.parse(window.endDate) - Date.parse(window.startDate);
  if (span <= 3_600_000) return 10_000;
  if (span <= 86_400_000) return 30_000;
  return 60_000;
}
