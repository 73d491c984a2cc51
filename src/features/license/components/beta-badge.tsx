import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { licenseDaysLeft, showBetaBadge, type LicensedTenant } from '~/lib/license';
import { nowInstant } from '~/lib/temporal';

/**
 * SPEC §4: the beta badge, shown for a beta-tester licence with 21 days or fewer left, with the days
 * left. Renders nothing otherwise. Mount it in the header with the session's tenant.
 */
export function BetaBadge({ tenant }: { tenant: LicensedTenant | null | undefined }) {
  const now = nowInstant();
  if (!showBetaBadge(tenant, now)) return null;
  const days = licenseDaysLeft(tenant, now) ?? 0;
  return (
    <Badge color="grape" variant="light" size="lg" leftSection={<IconFlask size={14} aria-hidden />} data-testid="beta-badge">
      {days > 0 ? (
        <FormattedMessage
          id="license.betaBadge.daysLeft"
          defaultMessage="Beta · {days, plural, one {# day left} other {# days left}}"
          values={{ days }}
        />
      ) : (
        <FormattedMessage id="license.betaBadge.ended" defaultMessage="Beta · ended" />
      )}
    </Badge>
  );
}
