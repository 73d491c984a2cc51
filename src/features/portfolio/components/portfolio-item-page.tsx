import { Alert, Badge, Button, Card, Grid, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEyeOff, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  deletePortfolioItemMutation,
  getPortfolioItemOptions,
  getPortfolioItemQueryKey,
  listPortfolioItemsQueryKey,
  listTeamMembersOptions,
  updatePortfolioItemMutation,
} from '@generated/@tanstack/react-query.gen';
import type { PortfolioItem, PortfolioItemResponse, Tenant } from '@generated/types.gen';
import { useSession } from '~/entities/session/use-session';
import { useIsManager } from '~/entities/session/use-team-role';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { RecordEditorHeader, RecordQuery, useRecordEditor } from '~/components/record-editor';
import { SaveAlert } from '~/components/save-alert';
import { formatTimestamp } from '~/lib/format-timestamp';
import { useLocale } from '~/lib/use-locale';
import { portfolioMessages as m } from '../messages';
import { applyPortfolioServerErrors, consentUpdate, PortfolioFormFields, portfolioFormFrom, toPortfolioUpdate, type PortfolioForm } from './portfolio-form';
import { PortfolioPhoto } from './portfolio-photo';
import { PortfolioTags } from './portfolio-tags';

/** /portfolio/{id}: the item's photos large, its caption and tags, its consent (record, revoke), its form and delete. */
export function PortfolioItemPage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <Stack gap="lg" maw={1100}>
      <RecordQuery options={getPortfolioItemOptions({ path: { tenantId: tenant.id, id } })}>
        {(data, reload) => <PortfolioItemEditor tenant={tenant} data={data} reload={reload} />}
      </RecordQuery>
    </Stack>
  );
}

function PortfolioItemEditor({ tenant, data, reload }: { tenant: Tenant; data: PortfolioItemResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const item = data.portfolioItem;
  const canManage = useIsManager(tenant);
  const path = { tenantId: tenant.id, id: item.id };
  const editor = useRecordEditor({
    path,
    recordKey: getPortfolioItemQueryKey({ path }),
    listKey: listPortfolioItemsQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/portfolio',
    update: updatePortfolioItemMutation(),
    remove: deletePortfolioItemMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: PortfolioForm) => applyPortfolioServerErrors(failure, form, intl),
    current: data,
    name: (response) => response.portfolioItem.title,
    texts: m,
  });
  const subtitle = [item.serviceName ?? intl.formatMessage(m.noService), item.customerName].filter(Boolean).join(' · ');

  return (
    <>
      <RecordEditorHeader
        editor={editor}
        listTo="/{-$locale}/portfolio"
        backLabel={intl.formatMessage(m.back)}
        title={item.title}
        subtitle={subtitle}
        badges={
          <>
            {item.featured ? <Badge variant="light">{intl.formatMessage(m.featured)}</Badge> : null}
            {item.hidden ? (
              <Badge color="gray" leftSection={<IconEyeOff size={12} aria-hidden />}>
                {intl.formatMessage(m.hidden)}
              </Badge>
            ) : null}
          </>
        }
        canManage={canManage}
        texts={m}
        remove={{
          label: intl.formatMessage(m.delete),
          title: intl.formatMessage(m.deleteTitle),
          confirmLabel: intl.formatMessage(m.deleteConfirm),
          message: intl.formatMessage(m.deleteMessage, { title: item.title }),
        }}
      />
      {item.hidden ? (
        <Alert color="gray" icon={<IconEyeOff size={18} aria-hidden />}>
          {intl.formatMessage(m.hiddenNote)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: item.beforeImageAssetId ? 2 : 1 }} spacing="md" maw={item.beforeImageAssetId ? undefined : 720}>
        {item.beforeImageAssetId ? (
          <PortfolioPhoto tenantId={tenant.id} assetId={item.beforeImageAssetId} alt={intl.formatMessage(m.beforeAlt, { title: item.title })} label={intl.formatMessage(m.before)} ratio={4 / 3} />
        ) : null}
        <PortfolioPhoto
          tenantId={tenant.id}
          assetId={item.imageAssetId}
          alt={intl.formatMessage(m.afterAlt, { title: item.title })}
          {...(item.beforeImageAssetId ? { label: intl.formatMessage(m.after) } : {})}
          ratio={4 / 3}
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: canManage ? 5 : 12 }}>
          <Stack gap="md">
            {item.description || item.tags.length > 0 ? (
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  {item.description ? <Text style={{ whiteSpace: 'pre-line' }}>{item.description}</Text> : null}
                  <PortfolioTags tags={item.tags} />
                </Stack>
              </Card>
            ) : null}
            <ConsentCard tenant={tenant} item={item} canManage={canManage === true} />
          </Stack>
        </Grid.Col>
        {canManage ? (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {intl.formatMessage(m.edit)}
                </Title>
                <PortfolioFormFields
                  key={`${editor.save.formKey}/${item.version}`}
                  tenantId={tenant.id}
                  defaultValues={portfolioFormFrom(item)}
                  savedCustomerId={item.customerId ?? null}
                  customerName={item.customerName}
                  submitLabel={intl.formatMessage(m.save)}
                  alert={<SaveAlert state={editor.save} texts={m} paused={editor.paused} />}
                  onSubmit={editor.submit(
                    (values) => ({ portfolioItem: toPortfolioUpdate(values, item) }),
                    (response) => portfolioFormFrom(response.portfolioItem),
                  )}
                />
              </Stack>
            </Card>
          </Grid.Col>
        ) : null}
      </Grid>
    </>
  );
}

/** Who recorded or revoked consent: "you", a team member's name, or "a team member". */
function useMemberName(tenant: Tenant) {
  const intl = useIntl();
  const { userId } = useSession();
  const team = useQuery({ ...listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }), staleTime: 60_000 });
  return (id: string) => {
    if (id === userId) return intl.formatMessage(m.you);
    const member = team.data?.items.find((candidate) => candidate.userId === id);
    const name = member ? [member.name, member.lastName].filter(Boolean).join(' ') || member.email : undefined;
    return name ?? intl.formatMessage(m.someone);
  };
}

/** The customer's consent: who recorded it and when, or who revoked it; record it or revoke it (asked first). */
function ConsentCard({ tenant, item, canManage }: { tenant: Tenant; item: PortfolioItem; canManage: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const nameOf = useMemberName(tenant);
  const update = useMutation(updatePortfolioItemMutation());
  const [asking, setAsking] = useState<'record' | 'revoke' | null>(null);
  if (!item.customerId) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {intl.formatMessage(m.consentTitle)}
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.noCustomer)}
          </Text>
        </Stack>
      </Card>
    );
  }
  const when = (timestamp: string) => formatTimestamp(timestamp, locale, tenant.timeZone);
  const consent = item.consent;
  const standing = Boolean(consent && !consent.revokedAt);
  const customer = item.customerName ?? intl.formatMessage(m.customerLabel);
  const path = { tenantId: tenant.id, id: item.id };
  const confirm = () => {
    const record = asking === 'record';
    update.mutate(
      { path, body: { portfolioItem: consentUpdate(item, record) } },
      {
        onSuccess: async (saved) => {
          queryClient.setQueryData(getPortfolioItemQueryKey({ path }), saved);
          setAsking(null);
          await queryClient.invalidateQueries({ queryKey: listPortfolioItemsQueryKey({ path: { tenantId: tenant.id } }) });
          notifications.show({ color: 'green', title: intl.formatMessage(record ? m.consentRecorded : m.consentRevokedDone), message: item.title });
        },
      },
    );
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="portfolio-consent">
      <Stack gap="sm">
        <Group gap="xs">
          {standing ? <IconShieldCheck size={20} color="var(--mantine-color-green-7)" aria-hidden /> : <IconShieldX size={20} color="var(--mantine-color-red-7)" aria-hidden />}
          <Title order={2} size="h4">
            {intl.formatMessage(m.consentTitle)}
          </Title>
        </Group>
        <Text fw={600}>{customer}</Text>
        <Text size="sm">
          {!consent
            ? intl.formatMessage(m.consentMissing)
            : consent.revokedAt
              ? intl.formatMessage(m.consentRevoked, {
                  who: nameOf(consent.revokedBy ?? ''),
                  when: when(consent.revokedAt),
                  recordedBy: nameOf(consent.recordedBy),
                  recordedWhen: when(consent.recordedAt),
                })
              : intl.formatMessage(m.consentStanding, { who: nameOf(consent.recordedBy), when: when(consent.recordedAt) })}
        </Text>
        {canManage ? (
          <Group>
            {standing ? (
              <Button variant="default" color="red" leftSection={<IconShieldX size={16} aria-hidden />} onClick={() => setAsking('revoke')}>
                {intl.formatMessage(m.consentRevoke)}
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={() => setAsking('record')}>
                {intl.formatMessage(m.consentRecord)}
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => {
          setAsking(null);
          update.reset();
        }}
        title={intl.formatMessage(asking === 'record' ? m.consentRecordTitle : m.consentRevokeTitle)}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{intl.formatMessage(asking === 'record' ? m.consentRecordMessage : m.consentRevokeMessage, { customer })}</Text>
          <ApiErrorAlert error={update.error} messages={{ forbidden: intl.formatMessage(m.forbidden) }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} data-autofocus>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button color={asking === 'record' ? undefined : 'red'} loading={update.isPending} onClick={confirm}>
              {intl.formatMessage(asking === 'record' ? m.consentRecord : m.consentRevoke)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
