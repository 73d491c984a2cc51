import { MINUTE_STEP } from './temporal.ts';

/** Time-picker choices (SPEC §5): hours 0-23, minutes in 5-minute steps. */

export interface TimeOption {
  value: string;
  label: string;
}

export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

export const MINUTES: readonly number[] = Array.from({ length: 60 / MINUTE_STEP }, (_, i) => i * MINUTE_STEP);

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Every hour × minute step as 'HH:mm', in chronological order (00:00 … 23:55). */
export function timeOptions(): TimeOption[] {
  return HOURS.flatMap((hour) =>
    MINUTES.map((minute) => {
      const text = `${pad2(hour)}:${pad2(minute)}`;
      return { value: text, label: text };
    }),
  );
}
