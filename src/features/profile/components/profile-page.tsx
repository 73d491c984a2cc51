import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { updateUserMutation } from '@generated/@tanstack/react-query.gen';
import type { User } from '@generated/types.gen';
import { refreshSession, setSession, useSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { useSwitchLocale } from '~/lib/use-switch-locale';
import { SaveAlert } from '~/components/save-alert';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { problemFormErrors } from '~/lib/api-problem';
import { useSaveState } from '~/lib/use-save-state';
import { formIssueMessages } from '~/lib/form-issues';
import { isAppLocale, LOCALE_NAMES, LOCALES } from '~/lib/locale';
import { PhoneField } from '~/components/phone-field';
import { useZodForm } from '~/lib/use-zod-form';
import { profileFromUser, profileIssueMessages, profileSchema, toUserInput, type ProfileInput, type ProfileValues } from '../schemas/profile-schema';
import { AvatarField } from './avatar-field';

const SERVER_FIELD_MAP = { phoneNumber: 'phone.number', phoneCountryCode: 'phone.countryCode' };
const SERVER_FIELDS = ['name', 'lastName', 'phone.number', 'phone.countryCode', 'locale'] as const;
type ServerField = (typeof SERVER_FIELDS)[number];
type ProfileForm = UseFormReturn<ProfileInput, unknown, ProfileValues>;

const profileMessages = defineMessages({
  staleTitle: { id: 'profile.stale.title', defaultMessage: 'Your profile was changed elsewhere' },
  staleMessage: {
    id: 'profile.stale.message',
    defaultMessage: 'Your changes were not saved. Reload to see the current profile, then apply your changes again.',
  },
  staleReload: { id: 'profile.stale.reload', defaultMessage: 'Reload' },
});

/**
 * /profile: the signed-in user's name, last name, phone and interface language (PUT /v1/users/{id}).
 * After saving, the session is refreshed and, when the language was changed here, the app switches to it.
 */
export function ProfilePage({ user }: { user: User }) {
  const intl = useIntl();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const queryClient = useQueryClient();
  const updateUser = useMutation(updateUserMutation());
  const { tenantId } = useSession();

  const form: ProfileForm = useZodForm(profileSchema, profileIssueMessages, { defaultValues: profileFromUser(user, locale) });
  const { errors, isSubmitting, isDirty } = form.formState;

  // The profile the form was loaded from: its version goes with the save, so a save over another
  // device's answers 409 and the alert offers a reload instead of overwriting it.
  const [loadedVersion, setLoadedVersion] = useState(user.version);
  const save = useSaveState<ProfileForm>({
    applyServerErrors: (failure, profile) => {
      const fields = problemFormErrors(failure, { wrapper: 'user', fieldMap: SERVER_FIELD_MAP, known: SERVER_FIELDS });
      for (const { field } of fields) profile.setError(field as ServerField, { message: intl.formatMessage(formIssueMessages.invalid) });
      return fields.length > 0;
    },
    reload: async () => {
      const session = await refreshSession(queryClient);
      const fresh = session.user ?? user;
      setLoadedVersion(fresh.version);
      form.reset(profileFromUser(fresh, locale));
    },
  });

  const saveProfile = save.submit(async (values: ProfileValues) => {
    const saved = (await updateUser.mutateAsync({ path: { id: user.id }, body: { user: { ...toUserInput(values), version: loadedVersion } } })).user;
    setLoadedVersion(saved.version);
    form.reset(profileFromUser(saved, locale));
    // The answer is the profile as saved: the kept session has it at once, so a reload right after the
    // save (before the refresh below has answered) does not show the profile as it was.
    setSession({ user: saved });
    try {
      await refreshSession(queryClient);
    } catch (error) {
      console.warn('session refresh after saving the profile failed', error);
    }
    notifications.show({
      color: 'green',
      title: intl.formatMessage({ id: 'profile.saved.title', defaultMessage: 'Profile saved' }),
      message: intl.formatMessage({ id: 'profile.saved.message', defaultMessage: 'Your details are up to date.' }),
    });
    // A language chosen here becomes the interface language right away.
    if (values.locale !== user.locale && isAppLocale(saved.locale) && saved.locale !== locale) switchLocale(saved.locale);
  });

  return (
    <Stack gap="lg" maw={720}>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <Stack gap={4}>
        <Title order={1}>
          <FormattedMessage id="profile.title" defaultMessage="Profile" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="profile.intro" defaultMessage="Your own details, as your team sees them." />
        </Text>
      </Stack>

      {tenantId ? <AvatarField user={user} tenantId={tenantId} /> : null}

      <form onSubmit={form.handleSubmit((values) => saveProfile(values, form))} noValidate>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <TextInput
              label={intl.formatMessage({ id: 'profile.email', defaultMessage: 'E-mail' })}
              description={intl.formatMessage({ id: 'profile.email.description', defaultMessage: 'You sign in with this address; it cannot be changed here.' })}
              value={user.email}
              readOnly
              variant="filled"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={intl.formatMessage({ id: 'profile.name', defaultMessage: 'Name' })}
                autoComplete="given-name"
                maxLength={100}
                error={errors.name?.message}
                {...form.register('name')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'profile.lastName', defaultMessage: 'Last name' })}
                autoComplete="family-name"
                maxLength={100}
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
            </SimpleGrid>
            <PhoneField
              control={form.control}
              name="phone"
              label={intl.formatMessage({ id: 'profile.phone', defaultMessage: 'Phone' })}
              language={locale}
              countryError={errors.phone?.countryCode?.message}
              numberError={errors.phone?.number?.message}
            />
            <Controller
              control={form.control}
              name="locale"
              render={({ field }) => (
                <Select
                  label={intl.formatMessage({ id: 'profile.locale', defaultMessage: 'Language' })}
                  description={intl.formatMessage({ id: 'profile.locale.description', defaultMessage: 'Cita is shown to you in this language.' })}
                  required
                  allowDeselect={false}
                  data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.locale?.message}
                  w={{ base: '100%', sm: 280 }}
                />
              )}
            />
            <SaveAlert state={save} texts={profileMessages} paused={updateUser.isPaused} />
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                <FormattedMessage id="profile.save" defaultMessage="Save changes" />
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}
