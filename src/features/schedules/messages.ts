import { defineMessages } from 'react-intl';
import { timeOffMessages } from '~/components/time-off-form';

export const scheduleMessages = {
  ...timeOffMessages,
  ...defineMessages({
    readOnly: {
      id: 'schedules.readOnly',
      defaultMessage: 'You can see this schedule; only the owner or an administrator can change it.',
    },
    staleTitle: { id: 'schedules.stale.title', defaultMessage: 'Someone else changed these working hours' },
    staleMessage: {
      id: 'schedules.stale.message',
      defaultMessage: 'Your changes were not saved. Reload to see the current hours, then apply your changes again.',
    },
    staleReload: { id: 'schedules.stale.reload', defaultMessage: 'Reload' },
  }),
};
