import type { DAY_KINDS, TStepMetadata } from '@forecourt/contracts';
import { addTime } from './delay';

/**
 * The scheduled ("timed") digest: when the window that is open at `now` closes. Every time is
 * UTC. The rules (repeat every `amount` `unit`s; docs/PRODUCT.md, "Notification workflows"):
 * - seconds / minutes / hours: on the multiples of `amount` units counted from midnight (every 15
 *   minutes: :00, :15, :30, :45; the count starts again at midnight);
 * - days: every `amount` days at `timed.atTime` (`HH:mm`, default `00:00`), counted from today;
 * - weeks: on `timed.weekDays` (weekday names, or `weekday` / `weekend` / `day`; default: today's
 *   weekday) at `atTime`, every `amount` weeks counted from this week (weeks start on Monday);
 * - months, `monthlyType` (or `repeat`) `each`: on `timed.monthDays` (default: today's day of the
 *   month; a day the month does not have is skipped) at `atTime`;
 * - months, `on`: the `ordinal` (`1`–`5` or `last`) day of the kind `ordinalValue` (`day`,
 *   `weekday`, `weekend`, or a weekday name) of the month at `atTime`; a month without it (no fifth
 *   Friday) is skipped. Months count every `amount` from this month.
 */

type DayKind = (typeof DAY_KINDS)[number];
type Timed = NonNullable<TStepMetadata['timed']>;

const DAY = 86_400_000;
const UNIT_MS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000 } as const;
/** getUTCDay() numbering: Sunday 0. */
const WEEKDAY: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/** `HH:mm` or `HH:mm:ss` as milliseconds after midnight; anything else is midnight. */
export function atTimeOfDay(atTime: string | undefined): number {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(atTime?.trim() ?? '');
  if (!match) return 0;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return 0;
  return ((hours * 60 + minutes) * 60 + seconds) * 1_000;
}

function dayMatches(kind: DayKind, weekday: number): boolean {
  if (kind === 'day') return true;
  if (kind === 'weekday') return weekday >= 1 && weekday <= 5;
  if (kind === 'weekend') return weekday === 0 || weekday === 6;
  return WEEKDAY[kind] === weekday;
}

/** Monday-first positions (0–6) of the chosen week days. */
function weekPositions(days: readonly DayKind[] | undefined, today: number): number[] {
  const chosen = new Set<number>();
  for (const kind of days ?? []) {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      if (dayMatches(kind, weekday)) chosen.add((weekday + 6) % 7);
    }
  }
  if (chosen.size === 0) chosen.add((today + 6) % 7);
  return [...chosen].sort((a, b) => a - b);
}

/** The day of the month (1-based) that is the `ordinal` day of kind `kind`; null when none. */
export function ordinalDayOfMonth(
  year: number,
  month: number,
  ordinal: NonNullable<Timed['ordinal']>,
  kind: DayKind,
): number | null {
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const matching: number[] = [];
  for (let day = 1; day <= length; day += 1) {
    if (dayMatches(kind, new Date(Date.UTC(year, month, day)).getUTCDay())) matching.push(day);
  }
  if (ordinal === 'last') return matching.at(-1) ?? null;
  return matching[Number(ordinal) - 1] ?? null;
}

/** The end of the scheduled digest window open at `now` (strictly later than `now`). */
export function nextTimedRun(now: number, metadata: TStepMetadata): number {
  const amount = Math.max(1, metadata.amount ?? 1);
  const unit = metadata.unit ?? 'days';
  const timed: Timed = metadata.timed ?? {};
  const at = atTimeOfDay(timed.atTime);
  const dayStart = Math.floor(now / DAY) * DAY;
  const today = new Date(dayStart).getUTCDay();

  if (unit === 'seconds' || unit === 'minutes' || unit === 'hours') {
    const every = UNIT_MS[unit] * amount;
    return Math.min(dayStart + (Math.floor((now - dayStart) / every) + 1) * every, dayStart + DAY);
  }
  if (unit === 'days') {
    let next = dayStart + at;
    while (next <= now) next += amount * DAY;
    return next;
  }
  if (unit === 'weeks') {
    const weekStart = dayStart - ((today + 6) % 7) * DAY;
    const positions = weekPositions(timed.weekDays, today);
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const base = weekStart + cycle * amount * 7 * DAY;
      for (const position of positions) {
        const next = base + position * DAY + at;
        if (next > now) return next;
      }
    }
    return addTime(now, amount, 'weeks');
  }
  // months
  const start = new Date(dayStart);
  const mode = timed.monthlyType ?? timed.repeat ?? (timed.ordinal ? 'on' : 'each');
  const monthDays = [...new Set(timed.monthDays?.length ? timed.monthDays : [start.getUTCDate()])].sort(
    (a, b) => a - b,
  );
  for (let cycle = 0; cycle < 60; cycle += 1) {
    const year = start.getUTCFullYear();
    const month = start.getUTCMonth() + cycle * amount;
    const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const days =
      mode === 'on'
        ? [ordinalDayOfMonth(year, month, timed.ordinal ?? '1', timed.ordinalValue ?? 'day')]
        : monthDays.filter((day) => day <= length);
    for (const day of days) {
      if (day === null) continue;
      const next = Date.UTC(year, month, day) + at;
      if (next > now) return next;
    }
  }
  return addTime(now, amount, 'months');
}
