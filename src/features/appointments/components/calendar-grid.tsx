import FullCalendar, { type CalendarRef, type EventDisplayInfo, type EventInput } from '@fullcalendar/react';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import caLocale from '@fullcalendar/react/locales/ca';
import esLocale from '@fullcalendar/react/locales/es';
import glLocale from '@fullcalendar/react/locales/gl';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { AppointmentStatus } from '@generated/types.gen';
import { appointmentStatus } from '~/entities/appointment/status';
import { formatStatus } from '~/entities/status';
import { dateLocale } from '~/lib/temporal';
import type { AppointmentEventProps, CalendarEventInput, SlotEventProps } from '../calendar-events';
import { appointmentEventElement, appointmentTimeText, wallClockRange } from '../calendar-events';

export type CalendarViewKind = 'day' | 'week' | 'list-day' | 'list-week';

const VIEW_NAMES: Record<CalendarViewKind, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  'list-day': 'listDay',
  'list-week': 'listWeek',
};

const PLUGINS = [timeGridPlugin, listPlugin, interactionPlugin, classicTheme];
const LOCALES = [esLocale, caLocale, glLocale];

/**
 * The options every grid shares, one object for the life of the page (FullCalendar compares its
 * options by identity on each render). Exported so that the calendar bench gives a bare FullCalendar
 * exactly these, and measures only what is ours on top.
 */
export const GRID_OPTIONS = {
  plugins: PLUGINS,
  locales: LOCALES,
  headerToolbar: false,
  firstDay: 1,
  allDaySlot: false,
  slotDuration: '00:15:00',
  snapDuration: '00:05:00',
  slotHeaderInterval: '01:00',
  nowIndicator: true,
  eventInteractive: true,
  selectMirror: true,
  backgroundEventColor: '#868e96',
  // A fixed axis width (calendar.css): the member columns line up and clip it exactly.
  slotHeaderInnerClass: 'cita-axis-label',
  eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
  slotHeaderFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
} as const;

export interface GridChange {
  appointment: AppointmentEventProps['appointment'];
  startStr: string;
  endStr: string;
  /** The member column it landed in (multi-member view), when it moved there from another one. */
  userId?: string;
  revert: () => void;
}

export interface CalendarGridProps {
  events: CalendarEventInput[];
  view: CalendarViewKind;
  /** 'YYYY-MM-DD' in the business's zone. */
  date: string;
  timeZone: string;
  slotMinTime: string;
  editable: boolean;
  /** The member this column shows (multi-member view). */
  columnUserId?: string;
  /** Accept events dragged from another member's column. */
  acceptFromOtherColumns?: boolean;
  height?: string | number;
  label?: string;
  onChange: (change: GridChange) => void;
  onSelect: (range: { startStr: string; endStr: string; userId?: string }) => void;
  onOpen: (appointmentId: string, userId: string) => void;
}

/**
 * One FullCalendar 7 time grid (or list) in the business's time zone: 5-minute slots, background
 * events for the unavailable slots, drag, resize and select. The team view puts one per member side
 * by side (FullCalendar's resource views are premium).
 */
export const CalendarGrid = memo(function CalendarGrid(props: CalendarGridProps) {
  const intl = useIntl();
  const ref = useRef<CalendarRef>(null);
  const { date, view } = props;
  const viewName = VIEW_NAMES[view];

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== viewName) api.changeView(viewName, date);
    else api.gotoDate(date);
  }, [date, viewName]);

  const locale = dateLocale(intl.locale);
  const events = props.events as unknown as EventInput[];
  const { onChange, onSelect, onOpen, columnUserId } = props;

  const handlers = useMemo(
    () => ({
      eventDrop: (info: { event: { extendedProps: Record<string, unknown>; startStr: string; endStr: string }; revert: () => void }) => {
        const extended = info.event.extendedProps as unknown as AppointmentEventProps | SlotEventProps;
        if (extended.kind !== 'appointment') return info.revert();
        onChange({ appointment: extended.appointment, startStr: info.event.startStr, endStr: info.event.endStr, revert: info.revert });
      },
      eventReceive: (info: { event: { extendedProps: Record<string, unknown>; startStr: string; endStr: string }; revert: () => void }) => {
        const extended = info.event.extendedProps as unknown as AppointmentEventProps | SlotEventProps;
        if (extended.kind !== 'appointment') return info.revert();
        onChange({ appointment: extended.appointment, startStr: info.event.startStr, endStr: info.event.endStr, userId: columnUserId, revert: info.revert });
      },
      select: (info: { startStr: string; endStr: string }) => onSelect({ startStr: info.startStr, endStr: info.endStr, userId: columnUserId }),
      eventClick: (info: { event: { extendedProps: Record<string, unknown> }; jsEvent: { preventDefault: () => void } }) => {
        const extended = info.event.extendedProps as unknown as AppointmentEventProps | SlotEventProps;
        if (extended.kind !== 'appointment') return;
        info.jsEvent.preventDefault();
        onOpen(extended.appointment.id, extended.appointment.userId);
      },
    }),
    [columnUserId, onChange, onOpen, onSelect],
  );

  const compact = view === 'week';
  // One label per status for this language, then a few DOM nodes per event: no React tree per event.
  const eventContent = useMemo(() => {
    const labels = new Map<AppointmentStatus, string>();
    const statusLabel = (status: AppointmentStatus) => {
      let label = labels.get(status);
      if (label === undefined) labels.set(status, (label = formatStatus(intl, appointmentStatus, status)));
      return label;
    };
    return (arg: EventDisplayInfo) => {
      const extended = arg.event.extendedProps as Partial<AppointmentEventProps | SlotEventProps>;
      // The selection's mirror is an event of ours with no data: only its times.
      if (extended.kind === undefined) return { html: `<span class="cita-event-time">${wallClockRange(arg.event.startStr, arg.event.endStr)}</span>` };
      if (extended.kind === 'slot') return true; // FullCalendar's own: the title (the translated reason)
      const appointment = (extended as AppointmentEventProps).appointment;
      return { domNodes: [appointmentEventElement(appointment, arg.timeText || appointmentTimeText(appointment), statusLabel(appointment.status), document, compact)] };
    };
  }, [compact, intl]);

  return (
    <div className="cita-calendar" aria-label={props.label} role="region">
      <FullCalendar
        ref={ref}
        {...GRID_OPTIONS}
        locale={locale}
        timeZone={props.timeZone}
        initialView={viewName}
        initialDate={date}
        slotMinTime={props.slotMinTime}
        scrollTime={props.slotMinTime}
        editable={props.editable}
        eventDurationEditable={props.editable}
        droppable={props.acceptFromOtherColumns === true}
        selectable={props.editable}
        dayHeaders={props.columnUserId === undefined || view !== 'day'}
        height={props.height ?? 'auto'}
        // The time grid's events show their wall-clock times from the data (appointmentTimeText):
        // FullCalendar formatting a range per event with Intl is the largest part of a busy week.
        displayEventTime={view.startsWith('list')}
        events={events}
        eventContent={eventContent}
        eventDrop={handlers.eventDrop}
        eventResize={handlers.eventDrop}
        eventReceive={handlers.eventReceive}
        select={handlers.select}
        eventClick={handlers.eventClick}
        noEventsText={intl.formatMessage({ id: 'appointments.calendar.noEvents', defaultMessage: 'No appointments in these days.' })}
        // Screen-reader labels FullCalendar's Spanish locale leaves in English (issue 18).
        timedText={intl.formatMessage({ id: 'appointments.calendar.timed', defaultMessage: 'By time' })}
        viewChangeHint={intl.formatMessage({ id: 'appointments.calendar.viewChange', defaultMessage: 'Change view' })}
      />
    </div>
  );
});
