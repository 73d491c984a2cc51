import type { IntlShape } from 'react-intl';
import type { BookingPageService } from '@generated/types.gen';
import { formatMoney } from '~/lib/money';
import { m } from './messages';

/** 45 → '45 min', 60 → '1 h', 90 → '1 h 30 min'. */
export function formatDuration(intl: IntlShape, totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return intl.formatMessage(m.minutes, { minutes });
  if (minutes === 0) return intl.formatMessage(m.hours, { hours });
  return intl.formatMessage(m.hoursMinutes, { hours, minutes });
}

/** Money as SPEC §9 shows it (en-IE number format, the currency's symbol before the amount). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return formatMoney(amount, { currencyCode: currency, locale });
}

/** The chosen services added up: duration and price (in the business's currency). */
export function totals(services: readonly BookingPageService[]): { minutes: number; amount: number } {
  return services.reduce((sum, service) => ({ minutes: sum.minutes + service.durationMinutes, amount: sum.amount + service.price.amount }), { minutes: 0, amount: 0 });
}

/** The members who perform every chosen service (a service naming none is performed by everyone). */
export function membersFor<T extends { id: string }>(members: readonly T[], services: readonly BookingPageService[]): T[] {
  return members.filter((member) => services.every((service) => service.userIds.length === 0 || service.userIds.includes(member.id)));
}
