import { useIntl } from 'react-intl';
import { CustomerPicker } from '~/entities/customer/customer-picker';
import { salesMessages as m } from '../messages';

/** The sales list's customer filter: searched as you type (name, phone or e-mail); a customer given by the address is named. */
export function CustomerFilter({ tenantId, value, onChange }: { tenantId: string; value: string | null; onChange: (customerId: string | null) => void }) {
  const intl = useIntl();
  return (
    <CustomerPicker
      tenantId={tenantId}
      value={value}
      onChange={onChange}
      label={intl.formatMessage(m.customer)}
      placeholder={intl.formatMessage(m.customerPlaceholder)}
      clearLabel={intl.formatMessage(m.customerClear)}
      w={220}
    />
  );
}
