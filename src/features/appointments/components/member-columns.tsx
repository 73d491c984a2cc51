import { ColorSwatch, Group, Text } from '@mantine/core';
import type { TeamMember } from '@generated/types.gen';
import type { CalendarEventInput } from '../calendar-events';
import { memberName } from '../hooks/use-team';
import { CalendarGrid, type GridChange } from './calendar-grid';

export interface MemberColumnsProps {
  members: TeamMember[];
  /** The member's calendar colour (their appointments are drawn in it). */
  colorOf?: (userId: string) => string | undefined;
  eventsOf: (userId: string) => CalendarEventInput[];
  /** 'YYYY-MM-DD' in the business's zone. */
  date: string;
  timeZone: string;
  slotMinTime: string;
  onChange: (change: GridChange) => void;
  onSelect: (range: { startStr: string; endStr: string; userId?: string }) => void;
  onOpen: (appointmentId: string, userId: string) => void;
}

/**
 * The team side by side (FullCalendar's resource views are premium): one day grid per member on one
 * time axis: every column's rows line up with the first's, which alone prints the hours (the others
 * keep theirs for screen readers: each grid is a region named by its member, its rows named by their
 * times), and the page scrolls them together.
 */
export function MemberColumns({ members, colorOf, eventsOf, date, timeZone, slotMinTime, onChange, onSelect, onOpen }: MemberColumnsProps) {
  return (
    <div className="cita-member-columns" data-testid="member-columns">
      {members.map((member, index) => (
        <div
          key={member.userId}
          className={index === 0 ? 'cita-member-column' : 'cita-member-column cita-member-column-clipped'}
          data-testid="member-column"
          data-user-id={member.userId}
        >
          <Group gap={6} justify="center" wrap="nowrap" className="cita-member-name">
            {colorOf?.(member.userId) ? <ColorSwatch color={colorOf(member.userId)!} size={12} aria-hidden data-testid="member-color" /> : null}
            <Text fw={600} size="sm">
              {memberName(member)}
            </Text>
          </Group>
          <CalendarGrid
            events={eventsOf(member.userId)}
            view="day"
            date={date}
            timeZone={timeZone}
            slotMinTime={slotMinTime}
            editable
            columnUserId={member.userId}
            acceptFromOtherColumns
            label={memberName(member)}
            onChange={onChange}
            onSelect={onSelect}
            onOpen={onOpen}
          />
        </div>
      ))}
    </div>
  );
}
