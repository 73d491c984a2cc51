import {
  IconCalendar,
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
  IconReceipt,
  IconScissors,
  IconSettings,
  IconSparkles,
} from '@tabler/icons-react';
import { defineMessages } from 'react-intl';
import { LowStockNavBadge } from './nav-badges';

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
  team: { id: 'nav.team', defaultMessage: 'Team' },
  sales: { id: 'nav.sales', defaultMessage: 'Sales' },
  invoices: { id: 'nav.invoices', defaultMessage: 'Invoices' },
  adminInvoices: { id: 'nav.adminInvoices', defaultMessage: 'Cita billing' },
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
  { to: '/{-$locale}/team', label: labels.team, icon: IconUsersGroup, exact: false },
  { to: '/{-$locale}/invoices', label: labels.invoices, icon: IconFileInvoice, exact: false },
  { to: '/{-$locale}/settings', label: labels.settings, icon: IconSettings, exact: false },
  // Platform administrators only: Cita's invoices to its businesses.
  { to: '/{-$locale}/admin/invoice/management', label: labels.adminInvoices, icon: IconFileDollar, exact: false, adminOnly: true },
  { to: '/{-$locale}/support', label: labels.support, icon: IconLifebuoy, exact: false },
] as const;
