import { Avatar, Badge, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { TeamMember, TeamRole, Tenant } from '@generated/types.gen';
import { useSession } from '~/entities/session/use-session';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { QueryState } from '~/components/query-state';
import { useTeamRole } from '~/entities/session/use-team-role';
import { canEditSchedule } from '../hooks/can-edit-schedule';
import { TEAM_QUERY } from '../list-query';
import { scheduleMessages } from '../messages';
import { TimeOffCard } from './time-off-card';
import { WorkingHoursCard } from './working-hours-card';

const memberName = (member: Pick<TeamMember, 'name' | 'lastName' | 'email'>) =>
  [member.name, member.lastName].filter(Boolean).join(' ') || member.email;

const roles = defineMessages({
  owner: { id: 'schedules.role.owner', defaultMessage: 'Owner' },
  admin: { id: 'schedules.role.admin', defaultMessage: 'Administrator' },
  member: { id: 'schedules.role.member', defaultMessage: 'Member' },
});
const roleMessages: Record<TeamRole, MessageDescriptor> = { TEAM_ROLE_OWNER: roles.owner, TEAM_ROLE_ADMIN: roles.admin, TEAM_ROLE_MEMBER: roles.member, TEAM_ROLE_UNSPECIFIED: roles.member };

/**
 * /appointments/schedule: a team member's working hours and time off. Owners and administrators
 * choose whose and change anyone's; a member changes only their own (and sees the others').
 */
export function SchedulePage({ tenant, userId, onChooseUser }: { tenant: Tenant; userId: string | undefined; onChooseUser: (userId: string) => void }) {
  const intl = useIntl();
  const session = useSession();
  const role = useTeamRole(tenant);
  const team = useQuery(listTeamMembersOptions({ path: { tenantId: tenant.id }, query: TEAM_QUERY }));
  const chosenId = userId ?? session.userId;
  const chosen = team.data?.items.find((member) => member.userId === chosenId);
  const canEdit = chosen ? canEditSchedule(role, session.userId, chosen.userId) : undefined;
  const options = useMemo(
    () => (team.data?.items ?? []).map((member) => ({ value: member.userId, label: memberName(member) })),
    [team.data],
  );
  const timeZone = tenant.opening_hours?.timeZone ?? tenant.timeZone;

  /** The chosen member's hours and time off, once the team is loaded (and whether the signed-in person may edit them). */
  const content = () => {
    // The role comes from its own query (useTeamRole): wait for it too.
    if (role === undefined) return <PageLoader />;
    if (!chosen)
      return (
        <LoadError
          title={<FormattedMessage id="schedules.unknownMember.title" defaultMessage="This person is not in your team" />}
          description={<FormattedMessage id="schedules.unknownMember.description" defaultMessage="Choose a team member from the list." />}
        />
      );
    const name = memberName(chosen);
    return (
      <>
        {canEdit === false ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(scheduleMessages.readOnly)}
          </Text>
        ) : null}
        <WorkingHoursCard key={`hours/${chosen.userId}`} tenant={tenant} userId={chosen.userId} canEdit={canEdit === true} memberName={name} />
        <TimeOffCard
          key={`off/${chosen.userId}`}
          tenant={tenant}
          userId={chosen.userId}
          canEdit={canEdit === true}
          memberName={name}
          timeZone={timeZone}
        />
      </>
    );
  };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>
          <FormattedMessage id="schedules.title" defaultMessage="Working hours and time off" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage
            id="schedules.intro"
            defaultMessage="When each team member can be booked: their weekly hours, breaks, days off and blocks."
          />
        </Text>
      </Stack>
      {team.data && team.data.items.length > 0 ? (
        <Card withBorder radius="lg" padding="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              w={320}
              label={intl.formatMessage({ id: 'schedules.member', defaultMessage: 'Team member' })}
              data={options}
              value={chosen?.userId ?? null}
              onChange={(next) => {
                if (next) onChooseUser(next);
              }}
              allowDeselect={false}
              searchable
              nothingFoundMessage={intl.formatMessage({ id: 'schedules.member.nothingFound', defaultMessage: 'Nobody in the team has this name.' })}
            />
            {chosen ? (
              <Group gap="xs" pb={4}>
                <Avatar size="sm" radius="xl" name={memberName(chosen)} color="initials" />
                <Badge variant="light">{intl.formatMessage(roleMessages[chosen.role])}</Badge>
                {chosen.userId === session.userId ? (
                  <Badge variant="outline" color="gray">
                    <FormattedMessage id="schedules.member.you" defaultMessage="You" />
                  </Badge>
                ) : null}
              </Group>
            ) : null}
          </Group>
        </Card>
      ) : null}
      <QueryState query={team}>{content}</QueryState>
    </Stack>
  );
}
