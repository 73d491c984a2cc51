import { IconHome } from '@tabler/icons-react';
import { defineMessages } from 'react-intl';

const labels = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
});

/** The sidebar's entries; each feature adds its own when its routes land. */
export const NAVIGATION = [{ to: '/{-$locale}', label: labels.home, icon: IconHome, exact: true }] as const;
