import { useMemo } from 'react';
import { today, toDateString } from '~/lib/temporal';

/** Today in the business's time zone, YYYY-MM-DD. */
export function useBusinessToday(timeZone: string): string {
  return useMemo(() => toDateString(today(timeZone)), [timeZone]);
}
