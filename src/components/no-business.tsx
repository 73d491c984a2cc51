import { Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { EmptyState } from './empty-state';

/** The business's screens for a user who has no business yet: set one up first (the onboarding). */
export function NoBusiness() {
  const locale = useLocale();
  return (
    <EmptyState
      icon={<IconBuildingStore size={30} aria-hidden />}
      title={<FormattedMessage id="business.noBusiness.title" defaultMessage="You have no business yet" />}
      description={<FormattedMessage id="business.noBusiness.description" defaultMessage="Set up your business first; its data will then appear here." />}
      action={
        <Button renderRoot={(props) => <Link {...props} to="/{-$locale}/onboarding" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="business.noBusiness.action" defaultMessage="Set up my business" />
        </Button>
      }
    />
  );
}
