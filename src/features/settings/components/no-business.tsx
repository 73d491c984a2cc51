import { Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { localeParam } from '~/lib/locale';

/** /settings for a user who has no business yet: set one up first. */
export function NoBusiness() {
  const locale = useLocale();
  return (
    <EmptyState
      icon={<IconBuildingStore size={30} aria-hidden />}
      title={<FormattedMessage id="settings.noBusiness.title" defaultMessage="You have no business yet" />}
      description={<FormattedMessage id="settings.noBusiness.description" defaultMessage="Set up your business first; its settings will then appear here." />}
      action={
        <Button renderRoot={(props) => <Link {...props} to="/{-$locale}/onboarding" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="settings.noBusiness.action" defaultMessage="Set up my business" />
        </Button>
      }
    />
  );
}
