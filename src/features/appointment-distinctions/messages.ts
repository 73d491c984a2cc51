import { defineMessages } from 'react-intl';

export const distinctionMessages = defineMessages({
  nameDescription: { id: 'distinctions.form.name.description', defaultMessage: 'E.g. "VIP", "First visit".' },
  colorDescription: {
    id: 'distinctions.form.color.description',
    defaultMessage: 'Appointments with this distinction take this colour in the calendar.',
  },
  nameRequired: { id: 'distinctions.form.name.required', defaultMessage: 'Enter the name of the distinction.' },
  duplicateName: { id: 'distinctions.form.name.duplicate', defaultMessage: 'Another distinction already has this name.' },
  colorInvalid: { id: 'distinctions.form.color.invalid', defaultMessage: 'Choose a colour such as #fab005.' },
  staleTitle: { id: 'distinctions.stale.title', defaultMessage: 'Someone else changed this distinction' },
  staleMessage: {
    id: 'distinctions.stale.message',
    defaultMessage: 'Your changes were not saved. Reload to see the current version, then apply your changes again.',
  },
  staleReload: { id: 'distinctions.stale.reload', defaultMessage: 'Reload' },
  created: { id: 'distinctions.created.title', defaultMessage: 'Distinction created' },
  saved: { id: 'distinctions.saved.title', defaultMessage: 'Distinction saved' },
  deleted: { id: 'distinctions.deleted.title', defaultMessage: 'Distinction deleted' },
  readOnly: { id: 'distinctions.readOnly', defaultMessage: 'Only the owner or an administrator of the business can change distinctions.' },
  forbidden: { id: 'distinctions.forbidden', defaultMessage: 'Only the owner or an administrator of the business can add, change or delete distinctions.' },
});
