import { Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { OpeningHoursEditor } from '~/components/opening-hours-editor';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

/** "Opening hours": the week's hours, within which appointments can be booked. */
export function OpeningHoursSection({ form }: { form: SettingsForm }) {
  const { errors, isSubmitting } = form.formState;
  return (
    <SettingsSection
      title={<FormattedMessage id="settings.section.hours" defaultMessage="Opening hours" />}
      description={<FormattedMessage id="settings.section.hours.description" defaultMessage="Appointments can only be booked within these hours." />}
    >
      <Controller
        control={form.control}
        name="schedule"
        render={({ field }) => <OpeningHoursEditor value={field.value} onChange={field.onChange} disabled={isSubmitting} />}
      />
      {errors.schedule?.message ? (
        <Text c="red" size="sm" role="alert">
          {errors.schedule.message}
        </Text>
      ) : null}
    </SettingsSection>
  );
}
