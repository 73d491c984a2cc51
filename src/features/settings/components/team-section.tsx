import { useIntl } from 'react-intl';
import { SwitchField } from '~/components/switch-field';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

/** "Your team": what members see of their teammates' work, and whether online bookings are e-mailed to the team. */
export function TeamSection({ form, readOnly }: { form: SettingsForm; readOnly: boolean }) {
  const intl = useIntl();
  return (
    <SettingsSection
      title={intl.formatMessage({ id: 'settings.section.team', defaultMessage: 'Your team' })}
      description={intl.formatMessage({ id: 'settings.section.team.description', defaultMessage: 'What team members (not administrators) see of the business, and who hears of online bookings.' })}
    >
      <SwitchField
        control={form.control}
        name="membersSeeTeamCalendars"
        label={intl.formatMessage({ id: 'settings.team.calendars', defaultMessage: 'Team members see everyone’s calendar' })}
        description={intl.formatMessage({ id: 'settings.team.calendars.description', defaultMessage: 'Read only, with the sales and invoices of those appointments. Otherwise each member sees their own.' })}
        disabled={readOnly}
      />
      <SwitchField
        control={form.control}
        name="membersSeeTeamFigures"
        label={intl.formatMessage({ id: 'settings.team.figures', defaultMessage: 'Team members see the business’s figures' })}
        description={intl.formatMessage({ id: 'settings.team.figures.description', defaultMessage: 'Revenue in reports, statistics and on the home page. Otherwise each member sees their own figures.' })}
        disabled={readOnly}
      />
      <SwitchField
        control={form.control}
        name="notifyTeamByEmail"
        label={intl.formatMessage({ id: 'settings.team.notifyByEmail', defaultMessage: 'E-mail online bookings, cancellations and changes' })}
        description={intl.formatMessage({ id: 'settings.team.notifyByEmail.description', defaultMessage: 'To the owner and the team member concerned. The bell in Cita shows them either way.' })}
        disabled={readOnly}
      />
    </SettingsSection>
  );
}
