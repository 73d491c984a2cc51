import { Alert, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getCustomerOptions, listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import { isAllergyTag } from '~/entities/customer/allergy';
import { TagBadge } from '~/entities/customer/tag-badge';
import { MAX_CUSTOMER_TAGS } from '@common/limits';

/**
 * The appointment's customer's tags (issue 18), under its title; an allergy or intolerance tag is
 * also a warning above the details, where whoever gives the service sees it. Nothing when the
 * customer has no tags or cannot be read (a deleted customer, a member without access).
 */
export function AppointmentCustomerTags({ tenantId, customerId }: { tenantId: string; customerId: string }) {
  const intl = useIntl();
  const customer = useQuery({ ...getCustomerOptions({ path: { tenantId, id: customerId } }), retry: false, staleTime: 30_000 });
  const tags = useQuery({ ...listCustomerTagsOptions({ path: { tenantId }, query: { limit: MAX_CUSTOMER_TAGS } }), staleTime: 60_000 });
  const tagIds = customer.data?.customer.tagIds ?? [];
  const mine = (tags.data?.items ?? []).filter((tag) => tagIds.includes(tag.id));
  if (mine.length === 0) return null;
  const allergies = mine.filter((tag) => isAllergyTag(tag.name));
  return (
    <>
      <Group gap={6} role="list" aria-label={intl.formatMessage({ id: 'appointments.page.customerTags', defaultMessage: 'Customer tags' })}>
        {mine.map((tag) => (
          <div key={tag.id} role="listitem">
            <TagBadge tag={tag} />
          </div>
        ))}
      </Group>
      {allergies.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={intl.formatMessage({ id: 'appointments.page.allergy.title', defaultMessage: 'Allergy or intolerance' })}
          data-testid="appointment-allergy"
        >
          <FormattedMessage
            id="appointments.page.allergy"
            defaultMessage="This customer is tagged {tags}. Check before the service."
            values={{ tags: intl.formatList(allergies.map((tag) => `“${tag.name}”`), { type: 'conjunction' }) }}
          />
        </Alert>
      ) : null}
    </>
  );
}
