import { defineMessages } from 'react-intl';

export const serviceObjectMessages = defineMessages({
  created: { id: 'serviceObjects.created.title', defaultMessage: 'Object added' },
  nameRequired: { id: 'serviceObjects.form.name.required', defaultMessage: 'Enter a name, e.g. "White Seat León" or "Toby".' },
  attributeKeyRequired: { id: 'serviceObjects.form.attribute.key.required', defaultMessage: 'Enter the attribute name.' },
  attributeDuplicate: { id: 'serviceObjects.form.attribute.duplicate', defaultMessage: 'Each attribute name can appear only once.' },
  photoUnknown: { id: 'serviceObjects.form.photo.unknown', defaultMessage: 'This photo is no longer available; remove it and upload it again.' },
  staleTitle: { id: 'serviceObjects.stale.title', defaultMessage: 'Someone else changed this object' },
  staleMessage: {
    id: 'serviceObjects.stale.message',
    defaultMessage: 'Your changes were not saved. Reload it to see the current version, then apply your changes again.',
  },
  staleReload: { id: 'serviceObjects.stale.reload', defaultMessage: 'Reload' },
  photoLoadError: { id: 'serviceObjects.photo.loadError', defaultMessage: 'The photo could not be loaded.' },
});
