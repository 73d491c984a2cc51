import { Anchor, Badge, Button, ColorInput, ColorSwatch, Group, Radio, Select, Stack, Switch, Table, Text, Title, Card, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '~/lib/modals';
import { IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Temporal } from 'temporal-polyfill';
import {
  changeTeamMemberRoleMutation,
  inviteTeamMembersMutation,
  listTeamMembersOptions,
  listTeamMembersQueryKey,
  removeTeamMemberMutation,
  revokeInvitationMutation,
  updateTeamMemberMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Invitation, TeamMember, Tenant } from '@generated/types.gen';
import { useSession } from '~/entities/session/use-session';
import { useTeamRole, MANAGER_ROLES } from '~/entities/session/use-team-role';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { CreateButton } from '~/components/create-button';
import { EmptyState } from '~/components/empty-state';
import { ListTable } from '~/components/list-table';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { asProblem, isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';
import { MEMBER_SWATCHES, memberColor } from '../colors';
import { invitationStatusMessages, memberStatusMessages, roleMessages, teamMessages } from '../messages';
import { TEAM_PAGE_QUERY } from '../list-query';

const nameOf = (member: Pick<TeamMember, 'name' | 'lastName' | 'email'>) => [member.name, member.lastName].filter(Boolean).join(' ') || member.email;

/** /team: the members with their role, colour, status and whether they are bookable online, and the invitations not yet accepted. */
export function TeamPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const role = useTeamRole(tenant);
  const canManage = role !== undefined && MANAGER_ROLES.includes(role);
  const isOwner = role === 'TEAM_ROLE_OWNER';
  const path = { tenantId: tenant.id };
  const team = useQuery(listTeamMembersOptions({ path, query: TEAM_PAGE_QUERY }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: listTeamMembersQueryKey({ path }) });
  const [failure, setFailure] = useState<unknown>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const onError = (error: unknown) => {
    setFailure(error);
    if (isStaleVersion(error)) void refresh();
  };
  const saved = (message = intl.formatMessage(teamMessages.saved)) => {
    setFailure(null);
    notifications.show({ color: 'green', message });
    void refresh();
  };
  const update = useMutation({ ...updateTeamMemberMutation(), onSuccess: () => saved(), onError });
  const changeRole = useMutation({
    ...changeTeamMemberRoleMutation(),
    onSuccess: ({ member }) => saved(intl.formatMessage(teamMessages.roleChanged, { name: nameOf(member), role: intl.formatMessage(roleMessages[member.role]) })),
    onError,
  });
  const resend = useMutation({
    ...inviteTeamMembersMutation(),
    onSuccess: (result) => saved(intl.formatMessage(teamMessages.resent, { email: result.items[0]?.email ?? '' })),
    onError,
  });
  const revoke = useMutation({ ...revokeInvitationMutation(), onSuccess: () => saved(intl.formatMessage(teamMessages.revoked)), onError });

  const confirmRevoke = (invitation: Invitation) =>
    openConfirmModal({
      title: intl.formatMessage(teamMessages.revokeOf, { email: invitation.email }),
      children: <Text size="sm">{intl.formatMessage(teamMessages.revokeConfirm, { email: invitation.email })}</Text>,
      labels: { confirm: intl.formatMessage(teamMessages.revoke), cancel: intl.formatMessage(teamMessages.cancel) },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate({ path: { tenantId: tenant.id, id: invitation.id } }),
    });

  const formatDay = (iso: string) => intl.formatDate(Temporal.Instant.from(iso).epochMilliseconds, { dateStyle: 'medium' });

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        back={null}
        title={<FormattedMessage {...teamMessages.title} />}
        subtitle={<FormattedMessage {...teamMessages.intro} />}
        actions={
          canManage ? (
            <CreateButton to="/{-$locale}/team/create">
              <FormattedMessage {...teamMessages.invite} />
            </CreateButton>
          ) : null
        }
      />
      <ApiErrorAlert
        error={failure}
        messages={{
          forbidden: intl.formatMessage(isOwner || !canManage ? teamMessages.forbidden : teamMessages.ownerOnly),
          conflict: intl.formatMessage(isStaleVersion(failure) ? teamMessages.stale : teamMessages.removeBusy),
        }}
      />
      <QueryState query={team}>
        {(data) => (
          <>
            <Card withBorder padding="md">
              <ListTable
                minWidth={860}
                label={intl.formatMessage(teamMessages.membersLabel)}
                columns={[
                  { label: intl.formatMessage(teamMessages.member) },
                  { label: intl.formatMessage(teamMessages.role) },
                  { label: intl.formatMessage(teamMessages.status) },
                  { label: intl.formatMessage(teamMessages.colour) },
                  { label: intl.formatMessage(teamMessages.bookable) },
                  { label: intl.formatMessage(teamMessages.actions) },
                ]}
              >
                {data.items.map((member, index) => {
                  const name = nameOf(member);
                  const color = memberColor(member.color, index);
                  const memberOwner = member.role === 'TEAM_ROLE_OWNER';
                  return (
                    <Table.Tr key={member.userId}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <ColorSwatch color={color} size={14} aria-hidden />
                          <div>
                            <Text fw={500}>
                              {name}
                              {member.userId === userId ? (
                                <Text span c="dimmed" ml={6}>
                                  {intl.formatMessage(teamMessages.you)}
                                </Text>
                              ) : null}
                            </Text>
                            <Text size="sm" c="dimmed">
                              {member.email}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {isOwner && !memberOwner ? (
                          <Select
                            size="xs"
                            w={170}
                            aria-label={intl.formatMessage(teamMessages.roleOf, { name })}
                            allowDeselect={false}
                            value={member.role}
                            data={(['TEAM_ROLE_ADMIN', 'TEAM_ROLE_MEMBER'] as const).map((value) => ({ value, label: intl.formatMessage(roleMessages[value]) }))}
                            onChange={(value) =>
                              value && value !== member.role
                                ? changeRole.mutate({ path: { tenantId: tenant.id, userId: member.userId }, body: { version: member.version, role: value as 'TEAM_ROLE_ADMIN' | 'TEAM_ROLE_MEMBER' } })
                                : undefined
                            }
                          />
                        ) : (
                          <Badge variant="light" color={memberOwner ? 'grape' : 'gray'}>
                            {intl.formatMessage(roleMessages[member.role])}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" color={member.status === 'USER_STATUS_ACTIVE' || member.status === 'USER_STATUS_NEW' ? 'green' : 'gray'}>
                          {intl.formatMessage(memberStatusMessages[member.status])}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {canManage ? (
                          <ColorInput
                            size="xs"
                            w={130}
                            aria-label={intl.formatMessage(teamMessages.colourOf, { name })}
                            format="hex"
                            withEyeDropper={false}
                            swatches={[...MEMBER_SWATCHES]}
                            defaultValue={color}
                            onChangeEnd={(value) =>
                              /^#[0-9a-fA-F]{6}$/.test(value) && value.toLowerCase() !== color
                                ? update.mutate({ path: { tenantId: tenant.id, userId: member.userId }, body: { version: member.version, color: value.toLowerCase() } })
                                : undefined
                            }
                          />
                        ) : (
                          <ColorSwatch color={color} size={18} aria-label={intl.formatMessage(teamMessages.colourOf, { name })} />
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={intl.formatMessage(teamMessages.bookableOf, { name })}
                          checked={member.bookableOnline}
                          disabled={!canManage || update.isPending}
                          onChange={(event) =>
                            update.mutate({ path: { tenantId: tenant.id, userId: member.userId }, body: { version: member.version, bookableOnline: event.currentTarget.checked } })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Anchor
                            size="sm"
                            renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments/schedule" params={{ locale: localeParam(locale) }} search={{ userId: member.userId }} />}
                          >
                            {intl.formatMessage(teamMessages.schedule)}
                          </Anchor>
                          {isOwner && !memberOwner ? (
                            <Button size="xs" variant="subtle" color="red" aria-label={intl.formatMessage(teamMessages.removeOf, { name })} onClick={() => setRemoving(member)}>
                              {intl.formatMessage(teamMessages.remove)}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </ListTable>
              {data.items.length <= 1 && data.invitations.length === 0 ? (
                <EmptyState
                  icon={<IconUsers size={30} aria-hidden />}
                  title={<FormattedMessage {...teamMessages.emptyTitle} />}
                  description={<FormattedMessage {...teamMessages.emptyDescription} />}
                />
              ) : null}
            </Card>

            <Stack gap="xs">
              <Title order={2} size="h3">
                <FormattedMessage {...teamMessages.invitationsTitle} />
              </Title>
              <Card withBorder padding="md">
                {data.invitations.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    <FormattedMessage {...teamMessages.noInvitations} />
                  </Text>
                ) : (
                  <ListTable
                    minWidth={720}
                    label={intl.formatMessage(teamMessages.invitationsLabel)}
                    columns={[
                      { label: intl.formatMessage(teamMessages.email) },
                      { label: intl.formatMessage(teamMessages.role) },
                      { label: intl.formatMessage(teamMessages.status) },
                      { label: intl.formatMessage(teamMessages.expires) },
                      { label: intl.formatMessage(teamMessages.actions) },
                    ]}
                  >
                    {data.invitations.map((invitation) => (
                      <Table.Tr key={invitation.id}>
                        <Table.Td>{invitation.email}</Table.Td>
                        <Table.Td>{intl.formatMessage(roleMessages[invitation.role])}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={invitation.status === 'INVITATION_STATUS_EXPIRED' ? 'orange' : 'blue'}>
                            {intl.formatMessage(invitationStatusMessages[invitation.status])}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDay(invitation.expiresAt)}</Table.Td>
                        <Table.Td>
                          {canManage ? (
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="light"
                                aria-label={intl.formatMessage(teamMessages.resendOf, { email: invitation.email })}
                                loading={resend.isPending && resend.variables?.body.subjects[0] === invitation.email}
                                onClick={() =>
                                  resend.mutate({
                                    path,
                                    body: { subjects: [invitation.email], role: invitation.role, ...(invitation.language ? { language: invitation.language } : {}) },
                                  })
                                }
                              >
                                {intl.formatMessage(teamMessages.resend)}
                              </Button>
                              {invitation.status === 'INVITATION_STATUS_PENDING' ? (
                                <Button size="xs" variant="subtle" color="red" aria-label={intl.formatMessage(teamMessages.revokeOf, { email: invitation.email })} onClick={() => confirmRevoke(invitation)}>
                                  {intl.formatMessage(teamMessages.revoke)}
                                </Button>
                              ) : null}
                            </Group>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </ListTable>
                )}
              </Card>
            </Stack>

            <RemoveMemberModal
              tenant={tenant}
              member={removing}
              others={data.items.filter((m) => m.userId !== removing?.userId)}
              onClose={() => setRemoving(null)}
              onRemoved={(member) => {
                setRemoving(null);
                saved(intl.formatMessage(teamMessages.removed, { name: nameOf(member) }));
              }}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** Asks what happens to the member's appointments ahead (kept, or given to someone), then removes them. */
function RemoveMemberModal({ tenant, member, others, onClose, onRemoved }: {
  tenant: Tenant;
  member: TeamMember | null;
  others: TeamMember[];
  onClose: () => void;
  onRemoved: (member: TeamMember) => void;
}) {
  const intl = useIntl();
  const [plan, setPlan] = useState<'keep' | 'reassign'>('keep');
  const [to, setTo] = useState<string | null>(null);
  const remove = useMutation({ ...removeTeamMemberMutation(), onSuccess: () => member && onRemoved(member) });
  const name = member ? nameOf(member) : '';
  const close = () => {
    remove.reset();
    setPlan('keep');
    setTo(null);
    onClose();
  };
  const busy = asProblem(remove.error)?.code === 'double_booking';
  return (
    <Modal opened={member !== null} onClose={close} title={intl.formatMessage(teamMessages.removeTitle, { name })}>
      <Stack gap="md">
        <Text size="sm">{intl.formatMessage(teamMessages.removeIntro, { name })}</Text>
        <Radio.Group label={intl.formatMessage(teamMessages.removeAhead)} value={plan} onChange={(value) => setPlan(value as 'keep' | 'reassign')}>
          <Stack gap="xs" mt="xs">
            <Radio value="keep" label={intl.formatMessage(teamMessages.removeKeep)} />
            <Radio value="reassign" label={intl.formatMessage(teamMessages.removeReassign)} />
          </Stack>
        </Radio.Group>
        {plan === 'reassign' ? (
          <Select
            label={intl.formatMessage(teamMessages.removeTo)}
            required
            value={to}
            onChange={setTo}
            data={others.map((other) => ({ value: other.userId, label: nameOf(other) }))}
          />
        ) : null}
        <ApiErrorAlert error={remove.error} messages={busy ? { conflict: intl.formatMessage(teamMessages.removeBusy) } : {}} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {intl.formatMessage(teamMessages.cancel)}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={plan === 'reassign' && !to}
            onClick={() =>
              member &&
              remove.mutate({
                path: { tenantId: tenant.id, userId: member.userId },
                query: plan === 'reassign' && to ? { futureAppointments: 'reassign', reassignTo: to } : { futureAppointments: 'keep' },
              })
            }
          >
            {intl.formatMessage(teamMessages.removeConfirm)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
