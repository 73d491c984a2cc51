import { defineMessages, type MessageDescriptor } from 'react-intl';

export const customerMessages = defineMessages({
  nameRequired: { id: 'customers.form.name.required', defaultMessage: 'Enter the customer’s name.' },
  birthdayInvalid: { id: 'customers.form.birthday.invalid', defaultMessage: 'Enter a date in the past.' },
  emailInvalid: { id: 'customers.form.email.invalid', defaultMessage: 'Enter a valid e-mail address, like name@example.com.' },
  tagUnknown: { id: 'customers.form.tags.unknown', defaultMessage: 'A tag no longer exists; reload the page and choose again.' },
  staleTitle: { id: 'customers.stale.title', defaultMessage: 'Someone else changed this customer' },
  staleMessage: {
    id: 'customers.stale.message',
    defaultMessage: 'Your changes were not saved. Reload to see the current version, then apply your changes again.',
  },
  staleReload: { id: 'customers.stale.reload', defaultMessage: 'Reload' },
  created: { id: 'customers.created.title', defaultMessage: 'Customer created' },
});

/** Messages of the import's per-cell error codes (server/handlers/customers-csv.ts). */
export const importErrorMessages = defineMessages({
  required: { id: 'customers.import.error.required', defaultMessage: 'A name is required.' },
  too_long: { id: 'customers.import.error.tooLong', defaultMessage: 'Too long.' },
  invalid_email: { id: 'customers.import.error.email', defaultMessage: 'Not a valid e-mail address.' },
  invalid_country_code: { id: 'customers.import.error.countryCode', defaultMessage: 'Not a dial code such as +34.' },
  invalid_phone: { id: 'customers.import.error.phone', defaultMessage: 'Not a valid phone number.' },
  invalid_date: { id: 'customers.import.error.date', defaultMessage: 'Not a valid date (use YYYY-MM-DD).' },
  out_of_range: { id: 'customers.import.error.dateRange', defaultMessage: 'The birthday cannot be in the future.' },
  invalid_boolean: { id: 'customers.import.error.boolean', defaultMessage: 'Use yes or no.' },
  unknown_tag: { id: 'customers.import.error.unknownTag', defaultMessage: 'This tag does not exist; only an owner or administrator can create it.' },
  too_many: { id: 'customers.import.error.tooMany', defaultMessage: 'Too many tags.' },
  invalid: { id: 'customers.import.error.invalid', defaultMessage: 'This value is not valid.' },
});

/** The import's target fields, with their labels. */
export const importFieldMessages = defineMessages({
  name: { id: 'customers.import.field.name', defaultMessage: 'Name' },
  lastName: { id: 'customers.import.field.lastName', defaultMessage: 'Last name' },
  phoneCountryCode: { id: 'customers.import.field.phoneCountryCode', defaultMessage: 'Phone country code' },
  phoneNumber: { id: 'customers.import.field.phoneNumber', defaultMessage: 'Phone' },
  email: { id: 'customers.import.field.email', defaultMessage: 'E-mail' },
  birthday: { id: 'customers.import.field.birthday', defaultMessage: 'Birthday' },
  taxId: { id: 'customers.import.field.taxId', defaultMessage: 'Tax ID' },
  marketingConsent: { id: 'customers.import.field.marketingConsent', defaultMessage: 'Marketing consent' },
  tags: { id: 'customers.import.field.tags', defaultMessage: 'Tags' },
  notes: { id: 'customers.import.field.notes', defaultMessage: 'Notes' },
});

/** The customer form's tag picker, which can create a tag (issue 18). */
const tagPickerDefinitions = defineMessages({
  description: { id: 'customers.form.tags.description', defaultMessage: 'Type a new name to create a tag.' },
  create: { id: 'customers.form.tags.create', defaultMessage: 'Create tag “{name}”' },
  created: { id: 'customers.form.tags.created', defaultMessage: 'Tag created' },
  tooLong: { id: 'customers.form.tags.tooLong', defaultMessage: 'A tag name can be at most 40 characters.' },
  tooMany: { id: 'customers.form.tags.tooMany', defaultMessage: 'This business already has {max} tags, the most it can have.' },
  duplicate: { id: 'customers.form.tags.duplicate', defaultMessage: 'Another tag already has this name; choose it from the list.' },
  forbidden: { id: 'customers.form.tags.forbidden', defaultMessage: 'Only the owner or an administrator of the business can create tags.' },
  failed: { id: 'customers.form.tags.failed', defaultMessage: 'The tag could not be created. Try again in a moment.' },
});

/** Typed as plain descriptors so that those with placeholders take their values. */
export const tagPickerMessages: Record<keyof typeof tagPickerDefinitions, MessageDescriptor> = tagPickerDefinitions;
