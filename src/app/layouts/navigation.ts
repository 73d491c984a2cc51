import { IconHome, IconLifebuoy, IconSettings } from '@tabler/icons-react';
import { defineMessages } from 'react-intl';

const labels = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  support: { id: 'nav.support', defaultMessage: 'Support' },
});

/** The sidebar's entries; each feature adds its own when its routes land. */
export const NAVIGATION = [
  { to: '/{-$locale}', label: labels.home, icon: IconHome, exact: true },
  { to: '/{-$locale}/settings', label: labels.settings, icon: IconSettings, exact: false },
  { to: '/{-$locale}/support', label: labels.support, icon: IconLifebuoy, exact: false },
] as const;
