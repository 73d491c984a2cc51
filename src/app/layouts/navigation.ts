import {
  IconCalendar,
  IconChartBar,
  IconReportMoney,
  IconCalendarUser,
  IconCreditCard,
  IconFileDollar,
  IconFileInvoice,
  IconHome,
  IconTags,
  IconUsers,
  IconUsersGroup,
  IconLifebuoy,
  IconPackage,
  IconPhoto,
  IconQrcode,
  IconReceipt,
  IconReceipt2,
  IconScissors,
  IconSettings,
  IconSparkles,
} from '@tabler/icons-react';
import { defineMessages } from 'react-intl';
import { LowStockNavBadge } from './nav-badges';
import { splitLocalePath } from '~/lib/locale';

const labels = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
  appointments: { id: 'nav.appointments', defaultMessage: 'Appointments' },
  services: { id: 'nav.services', defaultMessage: 'Services' },
  schedules: { id: 'nav.schedules', defaultMessage: 'Working hours' },
  distinctions: { id: 'nav.distinctions', defaultMessage: 'Distinctions' },
  customers: { id: 'nav.customers', defaultMessage: 'Customers' },
  customerTags: { id: 'nav.customerTags', defaultMessage: 'Customer tags' },
  paymentMethods: { id: 'nav.paymentMethods', defaultMessage: 'Payment methods' },
  inventory: { id: 'nav.inventory', defaultMessage: 'Inventory' },
  sales: { id: 'nav.sales', defaultMessage: 'Sales' },
  invoices: { id: 'nav.invoices', defaultMessage: 'Invoices' },
  reports: { id: 'nav.reports', defaultMessage: 'Reports' },
  statistics: { id: 'nav.statistics', defaultMessage: 'Statistics' },
  expenses: { id: 'nav.expenses', defaultMessage: 'Expenses' },
  adminInvoices: { id: 'nav.adminInvoices', defaultMessage: 'Cita billing' },
  team: { id: 'nav.team', defaultMessage: 'Team' },
  qrs: { id: 'nav.qrs', defaultMessage: 'QR codes' },
  portfolio: { id: 'nav.portfolio', defaultMessage: 'Portfolio' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  support: { id: 'nav.support', defaultMessage: 'Support' },
});

/** The sidebar's entries; each feature adds its own when its routes land. */
export const NAVIGATION = [
  { to: '/{-$locale}', label: labels.home, icon: IconHome, exact: true },
  // Appointments: the team's working hours and time off, and the distinctions that label appointments.
  { to: '/{-$locale}/appointments', label: labels.appointments, icon: IconCalendar, exact: false },
  { to: '/{-$locale}/appointments/schedule', label: labels.schedules, icon: IconCalendarUser, exact: false },
  { to: '/{-$locale}/appointments-distinctions', label: labels.distinctions, icon: IconSparkles, exact: false },
  { to: '/{-$locale}/sales', label: labels.sales, icon: IconReceipt, exact: false },
  { to: '/{-$locale}/customers', label: labels.customers, icon: IconUsers, exact: false },
  { to: '/{-$locale}/customer-tags', label: labels.customerTags, icon: IconTags, exact: false },
  { to: '/{-$locale}/services', label: labels.services, icon: IconScissors, exact: false },
  { to: '/{-$locale}/payment-methods', label: labels.paymentMethods, icon: IconCreditCard, exact: false },
  // `badge`: an optional count beside the entry (a component from ./nav-badges).
  { to: '/{-$locale}/inventory', label: labels.inventory, icon: IconPackage, exact: false, badge: LowStockNavBadge },
  { to: '/{-$locale}/invoices', label: labels.invoices, icon: IconFileInvoice, exact: false },
  { to: '/{-$locale}/reports', label: labels.reports, icon: IconReportMoney, exact: false },
  { to: '/{-$locale}/statistics', label: labels.statistics, icon: IconChartBar, exact: false },
  { to: '/{-$locale}/expenses', label: labels.expenses, icon: IconReceipt2, exact: false },
  { to: '/{-$locale}/team', label: labels.team, icon: IconUsersGroup, exact: false },
  { to: '/{-$locale}/qrs', label: labels.qrs, icon: IconQrcode, exact: false },
  { to: '/{-$locale}/portfolio', label: labels.portfolio, icon: IconPhoto, exact: false },
  { to: '/{-$locale}/settings', label: labels.settings, icon: IconSettings, exact: false },
  // Platform administrators only: Cita's invoices to its businesses.
  { to: '/{-$locale}/admin/invoice/management', label: labels.adminInvoices, icon: IconFileDollar, exact: false, adminOnly: true },
  { to: '/{-$locale}/support', label: labels.support, icon: IconLifebuoy, exact: false },
] as const;

/**
 * The one sidebar item of the page at `pathname` (either language): the item whose address is the
 * page's or, for items that cover their sub-pages, the longest one the page is under. Home only on
 * home; /appointments/schedule is Schedules, not also Appointments (issue 18).
 */
export function currentNavigationTo(pathname: string, items: ReadonlyArray<{ to: string; exact: boolean }> = NAVIGATION): string | undefined {
  const path = splitLocalePath(pathname).path.replace(/\/+$/, '') || '/';
  let best: { to: string; length: number } | undefined;
  for (const item of items) {
    const base = item.to.replace('/{-$locale}', '') || '/';
    const matches = path === base || (!item.exact && base !== '/' && path.startsWith(`${base}/`));
    if (matches && (!best || base.length > best.length)) best = { to: item.to, length: base.length };
  }
  return best?.to;
}
