/**
 * The profile's birthday as three selects (day, month, year): what they hold,
 * and what is wrong with it (docs/accounts-and-security.md "Account pages"). Pure: today comes in.
 */
import { birthdayToIso, isCalendarDate, type Birthday } from '../../domain/account.model.ts';

/** The selects' values: '' while not chosen, else the number as text. */
export interface BirthdayParts {
  day: string;
  month: string;
  year: string;
}

/** The earliest year offered (the domain refuses earlier ones). */
export const FIRST_YEAR = 1900;

export const EMPTY_BIRTHDAY: BirthdayParts = { day: '', month: '', year: '' };

export function birthdayParts(birthday: Birthday | null): BirthdayParts {
  return birthday ? { day: String(birthday.day), month: String(birthday.month), year: String(birthday.year) } : EMPTY_BIRTHDAY;
}

/** The chosen date, or null until all three are chosen. */
export function birthdayOf(parts: BirthdayParts): Birthday | null {
  if (parts.day === '' || parts.month === '' || parts.year === '') return null;
  return { day: Number(parts.day), month: Number(parts.month), year: Number(parts.year) };
}

/** Today's date where the shopper is, as `YYYY-MM-DD`. */
export function localIsoDate(now: Date): string {
  return birthdayToIso({ day: now.getDate(), month: now.getMonth() + 1, year: now.getFullYear() });
}

/**
 * What is wrong with the birthday: not all chosen, not a real date (31 April, 29 February of a
 * common year), or later than today; null when it is fine.
 */
export function birthdayProblem(parts: BirthdayParts, now: Date): 'birthdayRequired' | 'invalidDate' | null {
  const birthday = birthdayOf(parts);
  if (!birthday) return 'birthdayRequired';
  if (!isCalendarDate(birthday)) return 'invalidDate';
  return birthdayToIso(birthday) > localIsoDate(now) ? 'invalidDate' : null;
}

/** Years to offer, newest first: this year back to {@link FIRST_YEAR}. */
export function birthdayYears(now: Date): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= FIRST_YEAR; year--) years.push(year);
  return years;
}
