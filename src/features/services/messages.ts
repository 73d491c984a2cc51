import { defineMessages } from 'react-intl';

export const serviceMessages = defineMessages({
  inactive: { id: 'services.inactive', defaultMessage: 'Inactive' },
  nameRequired: { id: 'services.form.name.required', defaultMessage: 'Enter the name of the service.' },
  duplicateName: { id: 'services.form.name.duplicate', defaultMessage: 'Another service already has this name.' },
  durationStep: { id: 'services.form.duration.step', defaultMessage: 'Enter a duration from 5 to 720 minutes, in steps of 5.' },
  bufferStep: { id: 'services.form.buffer.step', defaultMessage: 'Enter 0 to 120 minutes, in steps of 5.' },
  priceInvalid: { id: 'services.form.price.invalid', defaultMessage: 'Enter a price such as {example} (from {min} to {max}).' },
  currencyMismatch: { id: 'services.form.price.currency', defaultMessage: "Prices are in your business's currency; reload the page to use it." },
  taxInvalid: { id: 'services.form.tax.invalid', defaultMessage: 'Enter a percentage from 0 to 100, with at most three decimals.' },
  colorInvalid: { id: 'services.form.color.invalid', defaultMessage: 'Choose a colour such as #228be6.' },
  staleTitle: { id: 'services.stale.title', defaultMessage: 'Someone else changed this service' },
  staleMessage: {
    id: 'services.stale.message',
    defaultMessage: 'Your changes were not saved. Reload it to see the current version, then apply your changes again.',
  },
  staleReload: { id: 'services.stale.reload', defaultMessage: 'Reload' },
  created: { id: 'services.created.title', defaultMessage: 'Service created' },
  saved: { id: 'services.saved.title', defaultMessage: 'Service saved' },
  deleted: { id: 'services.deleted.title', defaultMessage: 'Service deleted' },
  unknownTeamMember: { id: 'services.unknownTeamMember', defaultMessage: 'Someone chosen is no longer in the team; choose again.' },
  unknownPicture: { id: 'services.unknownPicture', defaultMessage: 'The picture is no longer available; upload it again.' },
  readOnly: { id: 'services.readOnly', defaultMessage: 'Only the owner or an administrator of the business can change services.' },
  forbidden: { id: 'services.forbidden', defaultMessage: 'Only the owner or an administrator of the business can add, change or delete services.' },
});
