import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { listInventoryItemsOptions } from '@generated/@tanstack/react-query.gen';
import { useSession } from '~/entities/session/use-session';
import { useAfterFirstPaint } from '~/lib/use-after-first-paint';

/**
 * Counts shown beside sidebar entries (a navigation entry's optional `badge`). Each reads one
 * generated query, sent once the page has been painted (the page's own requests go first); nothing
 * shows while it loads, fails or is zero.
 */

/** Active products at or below their low-stock threshold (limit 1: only `total` is read). */
export function LowStockNavBadge() {
  const intl = useIntl();
  const { tenantId } = useSession();
  const painted = useAfterFirstPaint();
  const count = useQuery({
    ...listInventoryItemsOptions({ path: { tenantId: tenantId ?? '' }, query: { lowStock: true, active: true, limit: 1 } }),
    enabled: Boolean(tenantId) && painted,
    select: (data) => data.total,
  });
  if (!count.data) return null;
  return (
    <Badge
      size="sm"
      circle={count.data < 10}
      color="orange"
      aria-label={intl.formatMessage({ id: 'nav.inventory.lowStock', defaultMessage: '{count, plural, one {# product} other {# products}} low on stock' }, { count: count.data })}
      data-testid="nav-low-stock"
    >
      {count.data}
    </Badge>
  );
}
