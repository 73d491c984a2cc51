import { END_OF_DAY } from './opening-hours.ts';
import { parseTime } from './temporal.ts';
import { timeOptions, type TimeOption } from './time-options.ts';

/** Choices and search of the 5-minute time input (SPEC §5). */

/**
 * 00:00 … 23:55 in 5-minute steps; with `allowEndOfDay`, 23:59 at the end ("until the end of the
 * day"). A current value off the steps ('09:32', saved elsewhere) is kept in its place, so showing a
 * form never changes what was saved.
 */
export function timeInputOptions(current?: string | null, allowEndOfDay = false): TimeOption[] {
  const options = timeOptions();
  if (allowEndOfDay) options.push({ value: END_OF_DAY, label: END_OF_DAY });
  const time = parseTime(current);
  if (current && time && !options.some((option) => option.value === current)) {
    const minutes = time.hour * 60 + time.minute;
    const index = options.findIndex((option) => {
      const other = parseTime(option.value);
      return other !== null && other.hour * 60 + other.minute > minutes;
    });
    options.splice(index < 0 ? options.length : index, 0, { value: current, label: current });
  }
  return options;
}

/**
 * Whether a time option matches what was typed: '9' → 09:xx, '930' / '9:3' / '09.30' → 09:30, '1'
 * also finds 10:00-19:55 (prefix of the hour). Anything with other characters matches nothing.
 */
export function matchesTimeSearch(optionValue: string, search: string): boolean {
  const query = search.trim();
  if (!query) return true;
  if (!/^[\d:.h\s]+$/i.test(query)) return false;
  const optionDigits = optionValue.replace(/\D/g, '');
  const parts = query.split(/[:.h\s]+/i).filter(Boolean);
  if (parts.length >= 2) {
    const [hour = '', minute = ''] = parts;
    const wanted = hour.padStart(2, '0') + minute;
    return optionDigits.startsWith(wanted);
  }
  const digits = parts[0] ?? '';
  if (digits.length <= 2) return optionDigits.startsWith(digits) || optionDigits.startsWith(digits.padStart(2, '0'));
  // '930' → 09:30; '0930' / '1230' as typed.
  return optionDigits.startsWith(digits) || optionDigits.startsWith(`0${digits}`);
}
