import { defineMessages } from 'react-intl';

/** Labels shared by the auth screens. */
export const authLabels = defineMessages({
  email: { id: 'auth.field.email', defaultMessage: 'E-mail' },
  emailPlaceholder: { id: 'auth.field.emailPlaceholder', defaultMessage: 'you@example.com' },
  password: { id: 'auth.field.password', defaultMessage: 'Password' },
  confirmPassword: { id: 'auth.field.confirmPassword', defaultMessage: 'Confirm password' },
  or: { id: 'auth.divider.or', defaultMessage: 'or' },
});
