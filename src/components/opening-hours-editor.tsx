import { ActionIcon, Box, Button, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import { IconCopy, IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import {
  copyMondayToWeekdays,
  MAX_RANGES_PER_DAY,
  nextRange,
  validateWeekSchedule,
  WEEKDAYS,
  type DayErrorCode,
  type RangeErrorCode,
  type TimeRange,
  type Weekday,
  type WeekSchedule,
} from '~/lib/opening-hours';
import { TimeInput } from './time-input';

export const weekdayMessages: Record<Weekday, MessageDescriptor> = defineMessages({
  monday: { id: 'openingHours.day.monday', defaultMessage: 'Monday' },
  tuesday: { id: 'openingHours.day.tuesday', defaultMessage: 'Tuesday' },
  wednesday: { id: 'openingHours.day.wednesday', defaultMessage: 'Wednesday' },
  thursday: { id: 'openingHours.day.thursday', defaultMessage: 'Thursday' },
  friday: { id: 'openingHours.day.friday', defaultMessage: 'Friday' },
  saturday: { id: 'openingHours.day.saturday', defaultMessage: 'Saturday' },
  sunday: { id: 'openingHours.day.sunday', defaultMessage: 'Sunday' },
});

const rangeErrorMessages: Record<RangeErrorCode, MessageDescriptor> = defineMessages({
  invalid_start: { id: 'openingHours.error.invalidStart', defaultMessage: 'Choose an opening time.' },
  invalid_end: { id: 'openingHours.error.invalidEnd', defaultMessage: 'Choose a closing time.' },
  end_before_start: { id: 'openingHours.error.endBeforeStart', defaultMessage: 'The closing time must be after the opening time.' },
  overlap: { id: 'openingHours.error.overlap', defaultMessage: 'These hours overlap other hours of the same day.' },
});

const dayErrorMessages: Record<DayErrorCode, MessageDescriptor> = defineMessages({
  no_ranges: { id: 'openingHours.error.noRanges', defaultMessage: 'Add opening hours or mark the day as closed.' },
  too_many_ranges: { id: 'openingHours.error.tooManyRanges', defaultMessage: 'A day can have at most {max} sets of hours.' },
});

export interface OpeningHoursEditorProps {
  value: WeekSchedule;
  onChange: (value: WeekSchedule) => void;
  disabled?: boolean;
}

/**
 * The weekly opening-hours editor: per weekday open or closed with one or more ranges of 5-minute
 * times, "copy Monday to weekdays", and live checks (end after start, no overlaps). Closing a day
 * keeps its hours for when it opens again.
 */
export function OpeningHoursEditor({ value, onChange, disabled = false }: OpeningHoursEditorProps) {
  const intl = useIntl();
  const errors = useMemo(() => validateWeekSchedule(value), [value]);

  const setDay = (day: Weekday, patch: Partial<WeekSchedule[Weekday]>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } });
  const setRange = (day: Weekday, index: number, patch: Partial<TimeRange>) =>
    setDay(day, { ranges: value[day].ranges.map((range, i) => (i === index ? { ...range, ...patch } : range)) });

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() => onChange(copyMondayToWeekdays(value))}
          disabled={disabled}
        >
          <FormattedMessage id="openingHours.copyMonday" defaultMessage="Copy Monday to weekdays" />
        </Button>
      </Group>
      {WEEKDAYS.map((day, dayIndex) => {
        const schedule = value[day];
        const dayName = intl.formatMessage(weekdayMessages[day]);
        const dayErrors = errors[day];
        const next = nextRange(schedule.ranges);
        return (
          <Fragment key={day}>
            {dayIndex > 0 ? <Divider /> : null}
            <Group align="flex-start" gap="md" wrap="wrap" role="group" aria-label={dayName} data-testid={`opening-hours-${day}`}>
              <Box w={170} pt={6}>
                <Switch
                  checked={schedule.open}
                  onChange={(event) => setDay(day, { open: event.currentTarget.checked })}
                  disabled={disabled}
                  label={dayName}
                  description={
                    schedule.open
                      ? intl.formatMessage({ id: 'openingHours.open', defaultMessage: 'Open' })
                      : intl.formatMessage({ id: 'openingHours.closed', defaultMessage: 'Closed' })
                  }
                />
              </Box>
              {schedule.open ? (
                <Stack gap={6} style={{ flex: 1, minWidth: 260 }}>
                  {schedule.ranges.map((range, index) => {
                    const rangeError = dayErrors?.ranges[index];
                    const values = { day: dayName, number: index + 1 };
                    return (
                      <Stack key={index} gap={2}>
                        <Group gap="xs" wrap="nowrap">
                          <TimeInput
                            value={range.start}
                            onChange={(start) => setRange(day, index, { start })}
                            disabled={disabled}
                            error={rangeError === 'invalid_start'}
                            aria-label={intl.formatMessage(
                              { id: 'openingHours.range.start', defaultMessage: 'Opening time {number}, {day}' },
                              values,
                            )}
                          />
                          <IconMinus size={12} aria-hidden />
                          <TimeInput
                            value={range.end}
                            onChange={(end) => setRange(day, index, { end })}
                            allowEndOfDay
                            disabled={disabled}
                            error={rangeError !== undefined && rangeError !== 'invalid_start'}
                            aria-label={intl.formatMessage(
                              { id: 'openingHours.range.end', defaultMessage: 'Closing time {number}, {day}' },
                              values,
                            )}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => setDay(day, { ranges: schedule.ranges.filter((_, i) => i !== index) })}
                            disabled={disabled}
                            aria-label={intl.formatMessage(
                              { id: 'openingHours.range.remove', defaultMessage: 'Remove hours {number}, {day}' },
                              values,
                            )}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                        {rangeError ? (
                          <Text size="xs" c="red" role="alert">
                            {intl.formatMessage(rangeErrorMessages[rangeError])}
                          </Text>
                        ) : null}
                      </Stack>
                    );
                  })}
                  {dayErrors?.day ? (
                    <Text size="xs" c="red" role="alert">
                      {intl.formatMessage(dayErrorMessages[dayErrors.day], { max: MAX_RANGES_PER_DAY })}
                    </Text>
                  ) : null}
                  <Box>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      onClick={() => next && setDay(day, { ranges: [...schedule.ranges, next] })}
                      disabled={disabled || !next}
                      aria-label={intl.formatMessage({ id: 'openingHours.range.addFor', defaultMessage: 'Add hours on {day}' }, { day: dayName })}
                    >
                      <FormattedMessage id="openingHours.range.add" defaultMessage="Add hours" />
                    </Button>
                  </Box>
                </Stack>
              ) : (
                <Text c="dimmed" size="sm" pt={8}>
                  <FormattedMessage id="openingHours.closedAllDay" defaultMessage="Closed all day" />
                </Text>
              )}
            </Group>
          </Fragment>
        );
      })}
    </Stack>
  );
}
