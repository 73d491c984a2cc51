import { Badge, type BadgeProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatStatus, statusVariant, type StatusBadgeVariant, type StatusVocabulary } from './status';

/**
 * A status as a badge: its translated name in its colour (outlined when unset), with the status
 * itself in `data-status` for tests and styles. `variant` is the screen's: filled on a record's
 * page, light in a table.
 */
export function StatusBadge<Status extends string>({
  vocabulary,
  status,
  variant = 'light',
  ...badge
}: Omit<BadgeProps, 'color' | 'variant' | 'children'> & { vocabulary: StatusVocabulary<Status>; status: Status; variant?: StatusBadgeVariant; 'data-testid'?: string }) {
  const intl = useIntl();
  return (
    <Badge {...badge} color={vocabulary.colors[status]} variant={statusVariant(vocabulary, status, variant)} data-status={status}>
      {formatStatus(intl, vocabulary, status)}
    </Badge>
  );
}
