import { defineMessages } from 'react-intl';

export const tagMessages = defineMessages({
  nameDescription: { id: 'customerTags.form.name.description', defaultMessage: 'E.g. "Regular", "Curly hair".' },
  nameRequired: { id: 'customerTags.form.name.required', defaultMessage: 'Enter the name of the tag.' },
  duplicateName: { id: 'customerTags.form.name.duplicate', defaultMessage: 'Another tag already has this name.' },
  colorInvalid: { id: 'customerTags.form.color.invalid', defaultMessage: 'Choose a colour such as #2f9e44.' },
  staleTitle: { id: 'customerTags.stale.title', defaultMessage: 'Someone else changed this tag' },
  staleMessage: {
    id: 'customerTags.stale.message',
    defaultMessage: 'Your changes were not saved. Reload to see the current version, then apply your changes again.',
  },
  staleReload: { id: 'customerTags.stale.reload', defaultMessage: 'Reload' },
  created: { id: 'customerTags.created.title', defaultMessage: 'Tag created' },
  saved: { id: 'customerTags.saved.title', defaultMessage: 'Tag saved' },
  deleted: { id: 'customerTags.deleted.title', defaultMessage: 'Tag deleted' },
  readOnly: { id: 'customerTags.readOnly', defaultMessage: 'Only the owner or an administrator of the business can change tags.' },
  forbidden: { id: 'customerTags.forbidden', defaultMessage: 'Only the owner or an administrator of the business can add, change or delete tags.' },
});
