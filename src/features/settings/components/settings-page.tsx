import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { updateTenantMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { refreshSession, setSession } from '~/entities/session/use-session';
import { useIsManager } from '~/entities/session/use-team-role';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { FormFrame } from '~/components/form-frame';
import { SaveAlert } from '~/components/save-alert';
import { useSaveState } from '~/lib/use-save-state';
import { useZodForm } from '~/lib/use-zod-form';
import { settingsFromTenant, settingsIssueMessages, settingsSchema, toTenantUpdate } from '../schemas/settings-schema';
import { AddressSection } from './address-section';
import { applyServerErrors } from './apply-server-errors';
import { BillingSection } from './billing-section';
import { BusinessImages } from './business-images';
import { BusinessSection } from './business-section';
import { OnlineBookingSection } from './online-booking-section';
import { OpeningHoursSection } from './opening-hours-section';
import { RegionSection } from './region-section';
import { RemindersSection } from './reminders-section';
import { TeamSection } from './team-section';
import { settingsMessages } from '../messages';
import type { SettingsForm } from './settings-form';

/**
 * /settings: the business (name, contact, category, address, tax id, currency and tax, time zone,
 * language, opening hours, online booking, reminders, what the team sees and hears). Saves the whole form with PUT
 * /v1/tenants/{tenantId}, refreshes the session and confirms with a notification. A failed save
 * keeps everything typed.
 */
export function SettingsPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const updateTenant = useMutation(updateTenantMutation());
  // Online booking, reminders and cancellation: owners and administrators change them; members read them.
  const readOnly = useIsManager(tenant) !== true;
  const form: SettingsForm = useZodForm(settingsSchema, settingsIssueMessages, { defaultValues: settingsFromTenant(tenant, locale) });
  // The business the form was loaded from: its version goes with the save, so a save over someone
  // else's (another tab, a teammate) answers 409 and the stale alert offers a reload.
  const [loadedVersion, setLoadedVersion] = useState(tenant.version);
  const save = useSaveState<SettingsForm>({
    applyServerErrors: (failure, settings) => applyServerErrors(failure, settings, intl),
    reload: async () => {
      const session = await refreshSession(queryClient);
      const fresh = session?.tenant ?? tenant;
      setLoadedVersion(fresh.version);
      form.reset(settingsFromTenant(fresh, locale));
    },
  });

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>
          <FormattedMessage id="settings.title" defaultMessage="Settings" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="settings.intro" defaultMessage="How your business appears to your customers and how Cita works for you." />
        </Text>
        <AnchorLink to="/{-$locale}/invoices/settings">
          <FormattedMessage id="settings.invoicingLink" defaultMessage="Invoicing settings (legal name, tax ID, series, VERI*FACTU) →" />
        </AnchorLink>
      </Stack>

      <BusinessImages tenant={tenant} />

      <FormFrame
        form={form}
        alert={<SaveAlert state={save} texts={settingsMessages} paused={updateTenant.isPaused} />}
        invalidMessage={<FormattedMessage id="settings.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
        submitLabel={<FormattedMessage id="settings.save" defaultMessage="Save changes" />}
        onSubmit={save.submit(async (values, settings) => {
          const { tenant: saved } = await updateTenant.mutateAsync({
            path: { tenantId: tenant.id },
            body: { tenant: toTenantUpdate(values, { ...tenant, version: loadedVersion }) },
          });
          setLoadedVersion(saved.version);
          settings.reset(settingsFromTenant(saved, locale));
          try {
            await refreshSession(queryClient);
          } catch (error) {
            // Saved; the session still gets the new business from the answer.
            console.warn('session refresh after saving settings failed', error);
            setSession({ tenant: saved });
          }
          notifications.show({
            color: 'green',
            title: intl.formatMessage({ id: 'settings.saved.title', defaultMessage: 'Settings saved' }),
            message: intl.formatMessage({ id: 'settings.saved.message', defaultMessage: 'Your business details are up to date.' }),
          });
        })}
      >
        <BusinessSection form={form} locale={locale} savedCategory={tenant.category} />
        <AddressSection form={form} locale={locale} />
        <BillingSection form={form} tenant={tenant} />
        <RegionSection form={form} />
        <OpeningHoursSection form={form} />
        <OnlineBookingSection form={form} readOnly={readOnly} savedSlug={tenant.onlineBooking?.slug} savedEnabled={tenant.onlineBooking?.enabled === true} locale={locale} />
        <RemindersSection form={form} readOnly={readOnly} />
        <TeamSection form={form} readOnly={readOnly} />
      </FormFrame>
    </Stack>
  );
}
