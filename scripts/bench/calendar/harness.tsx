// The two pages `scripts/bench/calendar.ts` renders in Chromium: our calendar grid (the app's
// CalendarGrid, fed through the app's calendarEvents mapping, in Mantine + react-intl with the
// app's Spanish messages) and a bare FullCalendar with the same options (GRID_OPTIONS and the props
// CalendarGrid passes), the same events and FullCalendar's own event content, in the same providers.
// Built by Vite into a temporary folder.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import FullCalendar from '@fullcalendar/react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { IntlProvider, useIntl } from 'react-intl';
import type { Appointment, AppointmentCalendar, TeamMember } from '@generated/types.gen';
import { MemberColumns } from '~/features/appointments/components/member-columns';
import { CalendarGrid, GRID_OPTIONS } from '~/features/appointments/components/calendar-grid';
import esLocale from '@fullcalendar/react/locales/es';
import messages from '../../../messages/es-ES.json';
import { calendarEvents, customerName } from '~/features/appointments/calendar-events';
import { appointmentStatus } from '~/entities/appointment/status';

const COUNT = Number(new URLSearchParams(location.search).get('events') ?? 1000);
const pad = (n: number) => String(n).padStart(2, '0');

/** A deterministic week of appointments (Mon 23 – Sun 29 November 2026, Madrid, 09:00–20:00). */
function makeCalendar(): AppointmentCalendar {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const statuses = ['APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_DONE', 'APPOINTMENT_STATUS_NO_SHOW'] as const;
  const appointments: Appointment[] = [];
  for (let i = 0; i < COUNT; i++) {
    const day = 23 + (i % 7);
    const startMinutes = 9 * 60 + Math.floor(random() * 120) * 5;
    const duration = 15 + Math.floor(random() * 10) * 5;
    const endMinutes = Math.min(startMinutes + duration, 20 * 60);
    const parts = (minutes: number) => ({ year: 2026, month: 11, day, hours: Math.floor(minutes / 60), minutes: minutes % 60 });
    const iso = (minutes: number) => `2026-11-${pad(day)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00+01:00`;
    appointments.push({
      id: `a-${i}`,
      tenantId: 't',
      userId: 'u',
      customer: { id: `c-${i}`, name: `Customer ${i}`, lastName: 'Example' },
      services: [{ id: 's', name: 'Corte y peinado', durationMinutes: duration, price: { amount: 2500, currency: 'EUR' } }],
      totalPrice: { amount: 2500, currency: 'EUR' },
      notes: i % 3 === 0 ? 'Quiere probar un flequillo cortina.' : undefined,
      status: statuses[i % statuses.length]!,
      startDate: parts(startMinutes),
      endDate: parts(endMinutes),
      startAt: iso(startMinutes),
      endAt: iso(endMinutes),
      color: ['#fab005', '#15aabf', '#be4bdb', '#40c057'][i % 4]!,
      reminders: [],
      cancellation: { linkStatus: 'CANCELLATION_LINK_STATUS_NONE' },
      version: 1,
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
    });
  }
  return { appointments, unavailableSlots: [], earliestHour: 9, timeZone: 'Europe/Madrid' };
}

declare global {
  interface Window {
    benchRender: () => Promise<number>;
    /** The last move in the columns page (where it landed), for a look. */
    lastChange?: { startStr: string; userId?: string };
  }
}

const noop = () => {};
let setData: (calendar: AppointmentCalendar | null) => void = noop;

function Ours() {
  const [data, set] = useState<AppointmentCalendar | null>(null);
  setData = set;
  const events = useMemo(() => calendarEvents(data ?? undefined, { reasonText: () => '' }), [data]);
  return (
    <CalendarGrid
      events={events}
      view="week"
      date="2026-11-25"
      timeZone="Europe/Madrid"
      slotMinTime="09:00:00"
      editable
      onChange={noop}
      onSelect={noop}
      onOpen={noop}
    />
  );
}

/**
 * FullCalendar's own event content (time and title). `full`: the title carries what ours shows (customer,
 * status, services, notes) as one line of text, the like-with-like floor; otherwise the customer only.
 */
function Bare({ full }: { full: boolean }) {
  const intl = useIntl();
  const [data, set] = useState<AppointmentCalendar | null>(null);
  setData = set;
  const events = useMemo(() => {
    const labels = Object.fromEntries(Object.entries(appointmentStatus.labels).map(([status, message]) => [status, intl.formatMessage(message)]));
    const title = (a: Appointment) =>
      full ? [customerName(a), labels[a.status], a.services.map((service) => service.name).join(', '), a.notes].filter(Boolean).join(' · ') : a.customer.name;
    return (data?.appointments ?? []).map((a) => ({ id: a.id, title: title(a), start: a.startAt, end: a.endAt, color: a.color }));
  }, [data, full, intl]);
  return (
    <div className="cita-calendar" role="region">
      <FullCalendar
        {...GRID_OPTIONS}
        locale={esLocale.code}
        timeZone="Europe/Madrid"
        initialView="timeGridWeek"
        initialDate="2026-11-25"
        slotMinTime="09:00:00"
        scrollTime="09:00:00"
        editable
        eventDurationEditable
        droppable={false}
        selectable
        dayHeaders
        height="auto"
        events={events}
      />
    </div>
  );
}

/** The team side by side (?calendar=columns): three members of the same data, to look at. */
function Columns() {
  const [data, set] = useState<AppointmentCalendar | null>(null);
  setData = set;
  const members = ['u', 'v', 'w'].map((userId, i) => ({ userId, name: `Person ${i}`, email: `p${i}@example.com` }) as TeamMember);
  const events = useMemo(() => calendarEvents(data ?? undefined, { reasonText: () => '' }), [data]);
  return (
    <MemberColumns
      members={members}
      eventsOf={(id) => events.filter((event) => event.extendedProps.kind === 'appointment' && Number(event.id.slice(2)) % 3 === ['u', 'v', 'w'].indexOf(id))}
      date="2026-11-25"
      timeZone="Europe/Madrid"
      slotMinTime="09:00:00"
      onChange={(change) => void (window.lastChange = { startStr: change.startStr, userId: change.userId })}
      onSelect={noop}
      onOpen={noop}
    />
  );
}

const which = new URLSearchParams(location.search).get('calendar');
const App = which === 'columns' ? Columns : which === 'bare' ? () => <Bare full /> : which === 'title' ? () => <Bare full={false} /> : Ours;
createRoot(document.getElementById('root')!).render(
  <IntlProvider locale="es-ES" defaultLocale="en-US" messages={messages}>
    <MantineProvider>
      <App />
    </MantineProvider>
  </IntlProvider>,
);

/** Data arrives → the week is rendered and painted and the main thread is free again (ms). */
window.benchRender = async () => {
  const calendar = makeCalendar(); // the data, as it arrives: made before the clock starts
  const start = performance.now();
  flushSync(() => setData(calendar));
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - start;
};
