import { defineMessages } from 'react-intl';

export const settingsMessages = defineMessages({
  staleTitle: { id: 'settings.stale.title', defaultMessage: 'Someone else changed these settings' },
  staleMessage: {
    id: 'settings.stale.message',
    defaultMessage: 'Your changes were not saved. Reload to see the current settings, then apply your changes again.',
  },
  staleReload: { id: 'settings.stale.reload', defaultMessage: 'Reload' },
});
