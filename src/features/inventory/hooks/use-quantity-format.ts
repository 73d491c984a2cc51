import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { InventoryUnit } from '@generated/types.gen';
import { unitShort } from '../messages';

/** '12 pcs', '0.75 l', '1.250 kg' in the page's language (up to 3 decimals). */
export function useQuantityFormat(): (quantity: number, unit: InventoryUnit) => string {
  const intl = useIntl();
  return useCallback(
    (quantity, unit) => `${intl.formatNumber(quantity, { maximumFractionDigits: 3 })} ${intl.formatMessage(unitShort[unit])}`,
    [intl],
  );
}
