import { defineMessages } from 'react-intl';

export const staffNotificationMessages = defineMessages({
  title: { id: 'staffNotifications.title', defaultMessage: 'Notifications' },
  empty: { id: 'staffNotifications.empty', defaultMessage: 'Nothing new. You will see here when customers book, cancel or move an appointment online.' },
  error: { id: 'staffNotifications.error', defaultMessage: 'The notifications could not be loaded. Try again in a moment.' },
  loading: { id: 'staffNotifications.loading', defaultMessage: 'Loading notifications…' },
  markAll: { id: 'staffNotifications.markAll', defaultMessage: 'Mark all as read' },
  someone: { id: 'staffNotifications.someone', defaultMessage: 'A customer' },
  unread: { id: 'staffNotifications.unread', defaultMessage: 'Unread' },
});
