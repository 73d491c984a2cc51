import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import type { ServiceObject, Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';
import { AssetThumbnail } from './asset-thumbnail';
import { BackToList } from './back-to-list';
import { CustomerName } from './customer-name';
import { DeleteServiceObjectButton } from './delete-service-object';

function Detail({ label, value }: { label: ReactNode; value: string | undefined }) {
  if (!value) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Text>
    </Stack>
  );
}

/** /customers/{customerId}/{serviceId}/view (and /customers/{customerId}/{id}): an object with its attributes and photos. */
export function ServiceObjectViewPage({ tenant, customerId, id }: { tenant: Tenant; customerId: string; id: string }) {
  const query = useQuery(getServiceObjectOptions({ path: { tenantId: tenant.id, customerId, id } }));
  return <QueryState query={query}>{(data) => <ServiceObjectView tenant={tenant} customerId={customerId} object={data.serviceObject} />}</QueryState>;
}

function ServiceObjectView({ tenant, customerId, object }: { tenant: Tenant; customerId: string; object: ServiceObject }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={<BackToList customerId={customerId} />}
        title={object.name}
        subtitle={<CustomerName tenantId={tenant.id} customerId={customerId} />}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              renderRoot={(props) => (
                <Link {...props} to="/{-$locale}/customers/$customerId/$serviceId/edit" params={{ locale: localeParam(locale), customerId, serviceId: object.id }} />
              )}
            >
              <FormattedMessage id="serviceObjects.edit" defaultMessage="Edit" />
            </Button>
            <DeleteServiceObjectButton object={object} />
          </Group>
        }
      />

      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Detail label={<FormattedMessage id="serviceObjects.form.kind" defaultMessage="Type" />} value={object.kind} />
          <Detail label={<FormattedMessage id="serviceObjects.form.brand" defaultMessage="Brand" />} value={object.brand} />
          <Detail label={<FormattedMessage id="serviceObjects.form.model" defaultMessage="Model" />} value={object.model} />
          <Detail label={<FormattedMessage id="serviceObjects.form.identifier" defaultMessage="Identifier" />} value={object.identifier} />
        </SimpleGrid>
        {object.notes ? (
          <Stack mt="md">
            <Detail label={<FormattedMessage id="serviceObjects.form.notes" defaultMessage="Notes" />} value={object.notes} />
          </Stack>
        ) : null}
      </Card>

      {object.attributes.length > 0 ? (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            <FormattedMessage id="serviceObjects.form.attributes" defaultMessage="Attributes" />
          </Title>
          <Table aria-label={intl.formatMessage({ id: 'serviceObjects.form.attributes', defaultMessage: 'Attributes' })}>
            <Table.Tbody>
              {object.attributes.map((attribute) => (
                <Table.Tr key={attribute.key}>
                  <Table.Th w="40%">{attribute.key}</Table.Th>
                  <Table.Td>{attribute.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ) : null}

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          <FormattedMessage id="serviceObjects.form.photos" defaultMessage="Photos" />
        </Title>
        {object.photos.length === 0 ? (
          <Text c="dimmed" size="sm">
            <FormattedMessage id="serviceObjects.photos.none" defaultMessage="No photos yet." />
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {object.photos.map((photo) => (
              <Stack key={photo.assetId} gap={4} data-testid="service-object-photo">
                <AssetThumbnail tenantId={tenant.id} assetId={photo.assetId} size={200} alt={photo.caption ?? intl.formatMessage({ id: 'serviceObjects.photo.alt', defaultMessage: 'Photo of {name}' }, { name: object.name })} />
                {photo.caption ? <Text size="sm">{photo.caption}</Text> : null}
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Card>
    </Stack>
  );
}
