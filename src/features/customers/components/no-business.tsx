import { Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { localeParam } from '~/lib/locale';

/** The customer screens for a user who has no business yet. */
export function NoCustomersBusiness() {
  const locale = useLocale();
  return (
    <EmptyState
      icon={<IconBuildingStore size={30} aria-hidden />}
      title={<FormattedMessage id="customers.noBusiness.title" defaultMessage="You have no business yet" />}
      description={<FormattedMessage id="customers.noBusiness.description" defaultMessage="Set up your business first; your customers will then appear here." />}
      action={
        <Button renderRoot={(props) => <Link {...props} to="/{-$locale}/onboarding" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="customers.noBusiness.action" defaultMessage="Set up my business" />
        </Button>
      }
    />
  );
}
