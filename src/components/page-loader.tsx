import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The loading state of a page or a panel. */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  const intl = useIntl();
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Loader aria-label={intl.formatMessage({ id: 'pageLoader.label', defaultMessage: 'Loading…' })} />
    </Center>
  );
}
