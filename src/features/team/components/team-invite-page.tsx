import { Button, Card, Select, Stack, TagsInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as z from 'zod';
import { inviteTeamMembersMutation, listTeamMembersQueryKey } from '@generated/@tanstack/react-query.gen';
import type { InvitedRole, Locale, Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';
import { AnchorLink } from '~/components/anchor-link';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PageHeader } from '~/components/page-header';
import { RoleGate } from '~/components/role-gate';
import { LOCALE_NAMES, LOCALES, localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';
import { roleMessages, teamMessages } from '../messages';

const MAX_SUBJECTS = 50;
const isEmail = (value: string) => z.email().safeParse(value).success;

/** Splits pasted text ("a@x.es, b@x.es; c@x.es") into addresses. */
export function splitEmails(values: readonly string[]): string[] {
  const all = values.flatMap((value) => value.split(/[\s,;]+/)).map((value) => value.trim().toLowerCase()).filter(Boolean);
  return [...new Set(all)];
}

/** /team/create: invite one or several people by e-mail, with a role and the e-mail's language. */
export function TeamInvitePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useIsManager(tenant);
  const [emails, setEmails] = useState<string[]>([]);
  const [role, setRole] = useState<InvitedRole>('TEAM_ROLE_MEMBER');
  const [language, setLanguage] = useState<Locale>((tenant.locale as Locale | undefined) ?? locale);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const invite = useMutation({
    ...inviteTeamMembersMutation(),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: listTeamMembersQueryKey({ path: { tenantId: tenant.id } }) });
      notifications.show({ color: 'green', message: intl.formatMessage(teamMessages.inviteSent, { count: result.total }) });
      void navigate({ to: '/{-$locale}/team', params: { locale: localeParam(locale) } });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const subjects = splitEmails(emails);
    const bad = subjects.filter((email) => !isEmail(email));
    if (subjects.length === 0) return setFieldError(intl.formatMessage(teamMessages.inviteNoEmails));
    if (bad.length > 0) return setFieldError(intl.formatMessage(teamMessages.inviteBadEmail, { list: bad.join(', ') }));
    if (subjects.length > MAX_SUBJECTS) return setFieldError(intl.formatMessage(teamMessages.inviteTooMany));
    setFieldError(null);
    invite.mutate({ path: { tenantId: tenant.id }, body: { subjects, role, language } });
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/team">
            <FormattedMessage {...teamMessages.inviteBack} />
          </AnchorLink>
        }
        title={<FormattedMessage {...teamMessages.inviteTitle} />}
      />
      <RoleGate allowed={canManage} message={teamMessages.forbidden}>
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TagsInput
                label={intl.formatMessage(teamMessages.inviteEmails)}
                description={intl.formatMessage(teamMessages.inviteEmailsHint)}
                value={emails}
                onChange={(values) => setEmails(splitEmails(values))}
                splitChars={[',', ' ', ';']}
                acceptValueOnBlur
                clearable
                required
                error={fieldError}
                maxTags={MAX_SUBJECTS}
              />
              <Select
                label={intl.formatMessage(teamMessages.inviteRole)}
                allowDeselect={false}
                value={role}
                onChange={(value) => value && setRole(value as InvitedRole)}
                data={(['TEAM_ROLE_MEMBER', 'TEAM_ROLE_ADMIN'] as const).map((value) => ({ value, label: intl.formatMessage(roleMessages[value]) }))}
              />
              <Select
                label={intl.formatMessage(teamMessages.inviteLanguage)}
                description={intl.formatMessage(teamMessages.inviteLanguageHint)}
                allowDeselect={false}
                value={language}
                onChange={(value) => value && setLanguage(value as Locale)}
                data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
              />
              <ApiErrorAlert error={invite.error} messages={{ conflict: intl.formatMessage(teamMessages.inviteAlreadyMember), forbidden: intl.formatMessage(teamMessages.forbidden) }} />
              <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
                {intl.formatMessage(teamMessages.inviteSubmit)}
              </Button>
            </Stack>
          </form>
        </Card>
      </RoleGate>
    </Stack>
  );
}
