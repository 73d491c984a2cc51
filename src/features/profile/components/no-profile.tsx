import { Button } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { localizedPath } from '~/lib/locale';

/** /profile when the session holds no user (e.g. it was cleared in another tab): sign in again. */
export function NoProfile() {
  const locale = useLocale();
  return (
    <EmptyState
      icon={<IconUserQuestion size={30} aria-hidden />}
      title={<FormattedMessage id="profile.missing.title" defaultMessage="Your profile is not loaded" />}
      description={<FormattedMessage id="profile.missing.description" defaultMessage="Sign in again to see and edit your profile." />}
      action={
        <Button component="a" href={localizedPath('/login', locale)}>
          <FormattedMessage id="profile.missing.signIn" defaultMessage="Sign in" />
        </Button>
      }
    />
  );
}
