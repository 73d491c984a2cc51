import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TeamMember, Tenant } from '@generated/types.gen';
import { TimeOffForm } from '~/components/time-off-form';
import { memberName } from '../hooks/use-team';

export interface BlockTimeModalProps {
  opened: boolean;
  tenant: Pick<Tenant, 'id' | 'timeZone'>;
  /** 'YYYY-MM-DD': the day the calendar shows. */
  date: string;
  /** Whose time: the calendar's member, or the signed-in person. */
  userId: string;
  /** The team, when the caller may block anyone's time (owners and administrators). */
  members?: TeamMember[];
  onClose: () => void;
  /** After the block is saved (the calendar refreshes). */
  onBlocked: () => void;
}

/**
 * The keyboard's way to block time from the calendar (the mouse selects a range in the grid): whose,
 * which day, from, until and why, saved through the Schedules operations with the member page's form.
 */
export function BlockTimeModal({ opened, tenant, date, userId, members, onClose, onBlocked }: BlockTimeModalProps) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<string | null>(null);
  const owner = chosen ?? userId;
  const title = intl.formatMessage({ id: 'appointments.blockTime.title', defaultMessage: 'Block time' });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intl.formatMessage({
            id: 'appointments.blockTime.intro',
            defaultMessage: 'The calendar greys this time out and does not offer it for booking.',
          })}
        </Text>
        {members && members.length > 1 ? (
          <Select
            label={intl.formatMessage({ id: 'appointments.blockTime.member', defaultMessage: 'Team member' })}
            data={members.map((member) => ({ value: member.userId, label: memberName(member) }))}
            value={owner}
            allowDeselect={false}
            searchable
            // Typing a name highlights it, so Enter picks it.
            selectFirstOptionOnChange
            onChange={(value) => value && setChosen(value)}
            data-autofocus
          />
        ) : null}
        {opened ? (
          <TimeOffForm
            tenant={tenant}
            userId={owner}
            timeZone={tenant.timeZone}
            initial={{ kind: 'TIME_OFF_KIND_BLOCK', startDate: date, endDate: date }}
            onDone={async (created) => {
              setChosen(null);
              if (created) onBlocked();
              else onClose();
            }}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
