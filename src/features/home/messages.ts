import { defineMessages, type MessageDescriptor } from 'react-intl';

const definitions = defineMessages({
  title: { id: 'home.title', defaultMessage: 'Home' },
  today: { id: 'home.today', defaultMessage: 'Today, {date}' },
  checklistTitle: { id: 'home.checklist.title', defaultMessage: 'Get your business ready' },
  checklistIntro: { id: 'home.checklist.intro', defaultMessage: '{done} of {total} done. Each step opens the screen where you do it.' },
  stepServices: { id: 'home.checklist.services', defaultMessage: 'Add the services you offer' },
  stepHours: { id: 'home.checklist.hours', defaultMessage: 'Set your opening hours' },
  stepTeam: { id: 'home.checklist.team', defaultMessage: 'Invite your team' },
  stepBooking: { id: 'home.checklist.booking', defaultMessage: 'Turn on your online booking page' },
  stepAppointment: { id: 'home.checklist.appointment', defaultMessage: 'Book your first appointment' },
  stepDone: { id: 'home.checklist.done', defaultMessage: 'Done' },
  stepToDo: { id: 'home.checklist.toDo', defaultMessage: 'To do' },
  todayAppointments: { id: 'home.card.todayAppointments', defaultMessage: "Today's appointments" },
  noAppointmentsToday: { id: 'home.card.noAppointmentsToday', defaultMessage: 'No appointments today.' },
  moreToday: { id: 'home.card.moreToday', defaultMessage: '{count, plural, one {# more} other {# more}}' },
  upcoming: { id: 'home.card.upcoming', defaultMessage: '{count, plural, =0 {Nothing booked in the next 7 days} one {# appointment in the next 7 days} other {# appointments in the next 7 days}}' },
  next: { id: 'home.card.next', defaultMessage: 'Next appointment' },
  noNext: { id: 'home.card.noNext', defaultMessage: 'Nothing booked in the next 30 days.' },
  revenueToday: { id: 'home.card.revenueToday', defaultMessage: 'Net sales today' },
  revenueMonth: { id: 'home.card.revenueMonth', defaultMessage: 'Net sales this month' },
  versusLastMonth: { id: 'home.card.versusLastMonth', defaultMessage: '{amount} last month to the same day' },
  outstanding: { id: 'home.card.outstanding', defaultMessage: 'Outstanding payments' },
  outstandingCount: { id: 'home.card.outstandingCount', defaultMessage: '{count, plural, =0 {Everything is paid} one {# sale not fully paid} other {# sales not fully paid}}' },
  lowStock: { id: 'home.card.lowStock', defaultMessage: 'Low stock' },
  lowStockCount: { id: 'home.card.lowStockCount', defaultMessage: '{count, plural, =0 {No product is running low} one {# product at or under its minimum} other {# products at or under their minimum}}' },
  unbilled: { id: 'home.card.unbilled', defaultMessage: 'Done, not charged' },
  unbilledCount: { id: 'home.card.unbilledCount', defaultMessage: '{count, plural, =0 {Every done appointment is charged} one {# appointment in the last 90 days, {amount}} other {# appointments in the last 90 days, {amount}}}' },
  newCustomers: { id: 'home.card.newCustomers', defaultMessage: 'New customers this month' },
  ownFigures: { id: 'home.ownFigures', defaultMessage: 'Money figures are your own sales.' },
  open: { id: 'home.card.open', defaultMessage: 'Open' },
  noBusinessTitle: { id: 'home.empty.title', defaultMessage: 'Your day at a glance' },
  noBusinessDescription: { id: 'home.empty.description', defaultMessage: "Today's appointments, sales and reminders will appear here." },
  loadError: { id: 'home.loadError', defaultMessage: 'The dashboard could not be loaded' },
});

/** Widened so that messages with placeholders take their values (react-intl's typed descriptors). */
export const homeMessages: Record<keyof typeof definitions, MessageDescriptor> = definitions;
