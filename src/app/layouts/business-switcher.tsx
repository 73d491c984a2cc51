import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { listUserTenantsOptions } from '@generated/@tanstack/react-query.gen';
import { setSession, useSession } from '~/entities/session/use-session';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';

/**
 * For someone in several businesses (their own and those that invited them): which one the app
 * shows. Hidden for a single business. Every business query is keyed by its id, so switching only
 * changes the session's business and opens its home page.
 */
export function BusinessSwitcher() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const { userId, tenant } = useSession();
  const tenants = useQuery({ ...listUserTenantsOptions({ path: { userId: userId ?? '' } }), enabled: Boolean(userId), staleTime: 60_000 });
  const list = tenants.data?.tenants ?? [];
  if (list.length < 2) return null;
  return (
    <Select
      size="xs"
      w={200}
      aria-label={intl.formatMessage({ id: 'shell.business.switch', defaultMessage: 'Business' })}
      allowDeselect={false}
      value={tenant?.id ?? null}
      data={list.map((t) => ({ value: t.id, label: t.businessName }))}
      onChange={(id) => {
        const chosen = list.find((t) => t.id === id);
        if (!chosen || chosen.id === tenant?.id) return;
        setSession({ tenant: chosen });
        void navigate({ to: '/{-$locale}', params: { locale: localeParam(locale) } });
      }}
    />
  );
}
