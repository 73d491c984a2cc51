import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';

/** Shown next to a product whose stock is at or below its threshold. */
export function LowStockBadge() {
  return (
    <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      <FormattedMessage id="inventory.lowStock" defaultMessage="Low stock" />
    </Badge>
  );
}
