import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '~/app/use-locale';
import { localeParam } from '~/lib/locale';

export function BackToList({ customerId }: { customerId: string }) {
  const locale = useLocale();
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...props} to="/{-$locale}/customers/$customerId/services-object" params={{ locale: localeParam(locale), customerId }} />}
    >
      <FormattedMessage id="serviceObjects.back" defaultMessage="← Service objects" />
    </Anchor>
  );
}
