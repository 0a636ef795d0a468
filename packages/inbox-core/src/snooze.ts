/**
 * The snooze choices the inbox offers: in one hour, tomorrow morning (09:00 local time) and next
 * week (Monday 09:00 local time). A choice later than the server's maximum snooze is left out, so
 * the user is never offered a time the server refuses.
 */
export type SnoozeChoice = { key: 'hour' | 'tomorrow' | 'nextWeek'; until: Date };

/** The server's default maximum snooze (`INBOX_MAX_SNOOZE_HOURS`). */
export const DEFAULT_MAX_SNOOZE_HOURS = 720;

const MORNING_HOUR = 9;

function morning(from: Date, days: number): Date {
  const at = new Date(from);
  at.setDate(at.getDate() + days);
  at.setHours(MORNING_HOUR, 0, 0, 0);
  return at;
}

export function snoozeChoices(now: Date = new Date(), maxHours = DEFAULT_MAX_SNOOZE_HOURS): SnoozeChoice[] {
  // Days to the next Monday (a week on a Monday).
  const toMonday = (8 - now.getDay()) % 7 || 7;
  const choices: SnoozeChoice[] = [
    { key: 'hour', until: new Date(now.getTime() + 3_600_000) },
    { key: 'tomorrow', until: morning(now, 1) },
    { key: 'nextWeek', until: morning(now, toMonday) },
  ];
  const latest = now.getTime() + maxHours * 3_600_000;
  // On a Sunday next week is tomorrow morning: offered once.
  if (toMonday === 1) choices.pop();
  return choices.filter((choice) => choice.until.getTime() <= latest);
}
