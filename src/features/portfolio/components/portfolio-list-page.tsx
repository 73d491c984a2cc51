import { Badge, Button, Card, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEyeOff, IconPhoto, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  createPortfolioItemMutation,
  getPortfolioSettingsOptions,
  getPortfolioSettingsQueryKey,
  listPortfolioItemsOptions,
  listPortfolioItemsQueryKey,
  listServicesOptions,
  updatePortfolioSettingsMutation,
} from '@generated/@tanstack/react-query.gen';
import type { PortfolioItem, Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';
import { AnchorLink } from '~/components/anchor-link';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { ListSearchInput } from '~/components/list-search-input';
import { ReadOnlyNote } from '~/components/read-only-note';
import { SaveAlert } from '~/components/save-alert';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useListPaging } from '~/lib/use-list-paging';
import { usePhoneWidth } from '~/lib/use-phone-width';
import { useSaveState } from '~/lib/use-save-state';
import { defaultPortfolioQuery, PORTFOLIO_PAGE_SIZE } from '../list-query';
import { portfolioMessages as m } from '../messages';
import { CustomerPicker } from '~/entities/customer/customer-picker';
import { applyPortfolioServerErrors, newPortfolioForm, PortfolioFormFields, toPortfolioInput, type PortfolioForm } from './portfolio-form';
import { PortfolioPhoto } from './portfolio-photo';
import { PortfolioTags } from './portfolio-tags';

const ALL = '';

/** /portfolio: the business's before/after photos as a grid, searched and filtered by service, customer and tag (a card's tag filters by it); adding; the booking page switch. */
export function PortfolioListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useIsManager(tenant);
  const [serviceId, setServiceId] = useState<string>(ALL);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<'shown' | 'hidden'>('shown');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [tag, setTag] = useState<string | null>(null);
  const [adding, add] = useDisclosure(false);
  const phone = usePhoneWidth();
  const paging = useListPaging(PORTFOLIO_PAGE_SIZE);
  const query = {
    ...defaultPortfolioQuery,
    offset: paging.offset,
    ...(serviceId ? { serviceId } : {}),
    ...(customerId ? { customerId } : {}),
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
    ...(visibility === 'hidden' ? { hidden: true } : {}),
  };
  const list = useQuery({ ...listPortfolioItemsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const services = useQuery({ ...listServicesOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }), staleTime: 60_000 });
  const filtered = Boolean(serviceId || customerId || q || tag);
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.reset();
    };
  const addButton = canManage ? (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={add.open}>
      {intl.formatMessage(m.add)}
    </Button>
  ) : null;

  return (
    <ListPageShell
      title={intl.formatMessage(m.title)}
      intro={intl.formatMessage(m.intro)}
      actions={addButton}
      maw={1100}
      notices={
        <>
          <ReadOnlyNote show={canManage === false} message={m.readOnly} />
          {canManage ? <BookingPageSwitch tenant={tenant} /> : null}
        </>
      }
      filters={
        <>
          <ListSearchInput
            label={intl.formatMessage(m.search)}
            placeholder={intl.formatMessage(m.searchPlaceholder)}
            value={text}
            onSearch={(value) => {
              setText(value);
              paging.reset();
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={intl.formatMessage(m.filterService)}
            data={[{ value: ALL, label: intl.formatMessage(m.filterServiceAll) }, ...(services.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))]}
            value={serviceId}
            allowDeselect={false}
            searchable
            onChange={(value) => reset(setServiceId)(value ?? ALL)}
            w={{ base: '100%', xs: 220 }}
          />
          <CustomerPicker tenantId={tenant.id} label={intl.formatMessage(m.filterCustomer)} value={customerId} onChange={reset(setCustomerId)} w={{ base: '100%', xs: 240 }} />
          <SegmentedControl
            aria-label={intl.formatMessage(m.visibility)}
            value={visibility}
            onChange={(value) => reset(setVisibility)(value as 'shown' | 'hidden')}
            data={[
              { value: 'shown', label: intl.formatMessage(m.visible) },
              { value: 'hidden', label: intl.formatMessage(m.hiddenFilter) },
            ]}
          />
          {tag ? (
            <Button variant="light" size="xs" rightSection={<IconX size={14} aria-hidden />} onClick={() => reset(setTag)(null)} aria-label={intl.formatMessage(m.tagFilterClear, { tag })}>
              {intl.formatMessage(m.tagFilter, { tag })}
            </Button>
          ) : null}
        </>
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
      after={
        <Modal opened={adding} onClose={add.close} title={intl.formatMessage(m.addTitle)} size="lg" fullScreen={phone === true}>
          {adding ? <AddPortfolioItem tenant={tenant} onDone={add.close} /> : null}
        </Modal>
      }
    >
      <ListBody
        list={list}
        filtered={filtered}
        noMatch={<EmptyState icon={<IconSearch size={30} aria-hidden />} title={intl.formatMessage(m.noMatchTitle)} description={intl.formatMessage(m.noMatchDescription)} />}
        empty={
          visibility === 'hidden' ? (
            <EmptyState icon={<IconEyeOff size={30} aria-hidden />} title={intl.formatMessage(m.hiddenEmptyTitle)} description={intl.formatMessage(m.hiddenEmptyDescription)} />
          ) : (
            <EmptyState icon={<IconPhoto size={30} aria-hidden />} title={intl.formatMessage(m.emptyTitle)} description={intl.formatMessage(m.emptyDescription)} action={addButton} />
          )
        }
      >
        {(items) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <PortfolioCard key={item.id} tenantId={tenant.id} item={item} onPickTag={reset(setTag)} />
            ))}
          </SimpleGrid>
        )}
      </ListBody>
    </ListPageShell>
  );
}

/** One item of the grid: its before and after photos, title (the link to its page), caption, tags (each filters the list), service and customer. */
function PortfolioCard({ tenantId, item, onPickTag }: { tenantId: string; item: PortfolioItem; onPickTag: (tag: string) => void }) {
  const intl = useIntl();
  return (
    <Card component="li" withBorder radius="lg" padding="sm" data-testid="portfolio-card">
      <Stack gap="xs">
        {item.beforeImageAssetId ? (
          <SimpleGrid cols={2} spacing={4}>
            <PortfolioPhoto tenantId={tenantId} assetId={item.beforeImageAssetId} alt={intl.formatMessage(m.beforeAlt, { title: item.title })} label={intl.formatMessage(m.before)} />
            <PortfolioPhoto tenantId={tenantId} assetId={item.imageAssetId} alt={intl.formatMessage(m.afterAlt, { title: item.title })} label={intl.formatMessage(m.after)} />
          </SimpleGrid>
        ) : (
          <PortfolioPhoto tenantId={tenantId} assetId={item.imageAssetId} alt={intl.formatMessage(m.afterAlt, { title: item.title })} ratio={2} />
        )}
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <AnchorLink to="/{-$locale}/portfolio/$id" params={{ id: item.id }} fw={600} lineClamp={2}>
            {item.title}
          </AnchorLink>
          <Group gap={4} wrap="nowrap">
            {item.featured ? <Badge variant="light">{intl.formatMessage(m.featured)}</Badge> : null}
            {item.hidden ? (
              <Badge color="gray" leftSection={<IconEyeOff size={12} aria-hidden />}>
                {intl.formatMessage(m.hidden)}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {item.description ? (
          <Text size="sm" lineClamp={2}>
            {item.description}
          </Text>
        ) : null}
        <PortfolioTags tags={item.tags} size="xs" onPick={onPickTag} />
        <Text size="xs" c="dimmed">
          {[item.serviceName ?? intl.formatMessage(m.noService), item.customerName].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}

/** The owner's choice: whether the public booking page shows the portfolio (saved at once). */
function BookingPageSwitch({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const path = { tenantId: tenant.id };
  const settings = useQuery(getPortfolioSettingsOptions({ path }));
  const update = useMutation(updatePortfolioSettingsMutation());
  const checked = settings.data?.portfolioSettings.showOnBookingPage ?? false;
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap={4}>
        <Switch
          label={intl.formatMessage(m.showOnBookingPage)}
          description={intl.formatMessage(m.showOnBookingPageHint)}
          checked={checked}
          disabled={!settings.data || update.isPending}
          onChange={(event) => {
            const show = event.currentTarget.checked;
            update.mutate(
              { path, body: { portfolioSettings: { showOnBookingPage: show } } },
              {
                onSuccess: (saved) => {
                  queryClient.setQueryData(getPortfolioSettingsQueryKey({ path }), saved);
                  notifications.show({ color: 'green', message: intl.formatMessage(saved.portfolioSettings.showOnBookingPage ? m.showOnBookingPageOn : m.showOnBookingPageOff) });
                },
              },
            );
          }}
        />
        {update.isError ? (
          <Text c="red" size="sm" role="alert">
            {intl.formatMessage(m.settingsFailed)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The "Add photos" dialog's form: creates the item once (Idempotency-Key), refreshes the list and closes. */
function AddPortfolioItem({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const create = useMutation(createPortfolioItemMutation());
  const save = useSaveState<PortfolioForm>({ applyServerErrors: (failure, form) => applyPortfolioServerErrors(failure, form, intl) });
  return (
    <PortfolioFormFields
      tenantId={tenant.id}
      defaultValues={newPortfolioForm()}
      submitLabel={intl.formatMessage(m.addSubmit)}
      alert={<SaveAlert state={save} texts={{ forbidden: m.forbidden }} paused={create.isPaused} />}
      onSubmit={save.submit(async (values, form) => {
        const { portfolioItem } = await create.mutateAsync({
          path: { tenantId: tenant.id },
          body: { portfolioItem: toPortfolioInput(values) },
          headers: { 'Idempotency-Key': idempotency.key() },
        });
        idempotency.renew();
        form.reset(values);
        await queryClient.invalidateQueries({ queryKey: listPortfolioItemsQueryKey({ path: { tenantId: tenant.id } }) });
        notifications.show({ color: 'green', title: intl.formatMessage(m.created), message: portfolioItem.title });
        onDone();
      })}
    />
  );
}
