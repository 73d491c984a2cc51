import { FormattedMessage } from 'react-intl';
import { AnchorLink } from '~/components/anchor-link';

export function BackToList({ customerId }: { customerId: string }) {
  return (
    <AnchorLink size="sm" to="/{-$locale}/customers/$customerId/services-object" params={{ customerId }}>
      <FormattedMessage id="serviceObjects.back" defaultMessage="← Service objects" />
    </AnchorLink>
  );
}
