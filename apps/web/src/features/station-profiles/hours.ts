import { type TOpeningHours, type TStationAmenity, WEEKDAYS, ZOpeningHours } from '@forecourt/contracts';

export type TWeekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<TWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const AMENITY_LABELS: Record<TStationAmenity, string> = {
  air: 'Air',
  water: 'Drinking water',
  restroom: 'Restroom',
  atm: 'ATM',
  convenience_store: 'Convenience store',
  food: 'Food',
  car_wash: 'Car wash',
  tyre_service: 'Tyre service',
  ev_charging: 'EV charging',
  parking: 'Parking',
};

/** One day's periods as people read and type them: `06:00–22:00, 23:00–24:00`; `Open 24 hours`; `Closed`. */
export function formatDay(hours: TOpeningHours, day: TWeekday): string {
  const periods = hours[day] ?? [];
  if (periods.length === 0) return 'Closed';
  if (periods.length === 1 && periods[0]?.open === '00:00' && periods[0]?.close === '24:00')
    return 'Open 24 hours';
  return periods.map((period) => `${period.open}–${period.close}`).join(', ');
}

/** The text a day's field starts with in the editor (empty for closed). */
export function dayInput(hours: TOpeningHours, day: TWeekday): string {
  const periods = hours[day] ?? [];
  return periods.map((period) => `${period.open}-${period.close}`).join(', ');
}

/**
 * Reads the editor's text per day back into opening hours: periods `HH:MM-HH:MM` separated by
 * commas (an en dash works too), empty or `closed` for a closed day, `24h` for all day. Answers
 * the hours or, per day, what is wrong.
 */
export function parseHours(text: Record<TWeekday, string>): {
  hours: TOpeningHours;
  errors: Partial<Record<TWeekday, string>>;
} {
  const hours: TOpeningHours = {};
  const errors: Partial<Record<TWeekday, string>> = {};
  for (const day of WEEKDAYS) {
    const raw = text[day].trim().toLowerCase();
    if (raw === '' || raw === 'closed') continue;
    if (raw === '24h' || raw === 'open 24 hours') {
      hours[day] = [{ open: '00:00', close: '24:00' }];
      continue;
    }
    const periods = raw.split(',').map((part) => {
      const match = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/.exec(part.trim());
      return match ? { open: match[1]!.padStart(5, '0'), close: match[2]!.padStart(5, '0') } : null;
    });
    if (periods.some((period) => period === null)) {
      errors[day] = 'Use HH:MM-HH:MM, separate periods with commas';
      continue;
    }
    const parsed = ZOpeningHours.safeParse({ [day]: periods });
    if (!parsed.success) {
      errors[day] = parsed.error.issues[0]?.message ?? 'Check the times';
      continue;
    }
    hours[day] = parsed.data[day] ?? [];
  }
  return { hours, errors };
}
