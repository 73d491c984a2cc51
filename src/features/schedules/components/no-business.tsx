import { Button } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { localeParam } from '~/lib/locale';

/** The schedule screen for a user who has no business yet. */
export function NoScheduleBusiness() {
  const locale = useLocale();
  return (
    <EmptyState
      icon={<IconBuildingStore size={30} aria-hidden />}
      title={<FormattedMessage id="schedules.noBusiness.title" defaultMessage="You have no business yet" />}
      description={<FormattedMessage id="schedules.noBusiness.description" defaultMessage="Set up your business first; your team's working hours will then appear here." />}
      action={
        <Button renderRoot={(props) => <Link {...props} to="/{-$locale}/onboarding" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="schedules.noBusiness.action" defaultMessage="Set up my business" />
        </Button>
      }
    />
  );
}
