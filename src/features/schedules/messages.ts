import { defineMessages } from 'react-intl';

export const scheduleMessages = defineMessages({
  forbiddenOther: {
    id: 'schedules.forbidden',
    defaultMessage: 'Only the owner or an administrator can change the schedule of another team member.',
  },
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
  kindTimeOff: { id: 'schedules.timeOff.kind.timeOff', defaultMessage: 'Day off' },
  kindBlock: { id: 'schedules.timeOff.kind.block', defaultMessage: 'Block' },
  errorStartDate: { id: 'schedules.timeOff.error.startDate', defaultMessage: 'Choose a date.' },
  errorEndDate: { id: 'schedules.timeOff.error.endDate', defaultMessage: 'Choose the last day off.' },
  errorEndBeforeStart: { id: 'schedules.timeOff.error.endBeforeStart', defaultMessage: 'The last day cannot be before the first.' },
  errorTooLong: { id: 'schedules.timeOff.error.tooLong', defaultMessage: 'Time off can last a year at most.' },
  errorStartTime: { id: 'schedules.timeOff.error.startTime', defaultMessage: 'Choose a start time.' },
  errorEndTime: { id: 'schedules.timeOff.error.endTime', defaultMessage: 'Choose an end time.' },
  errorEndTimeBeforeStart: { id: 'schedules.timeOff.error.endTimeBeforeStart', defaultMessage: 'The end must be after the start.' },
});
