import { createIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './apply-server-errors';
import type { SettingsForm } from './settings-form';

const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });

function fakeForm() {
  const setError = vi.fn();
  return { form: { setError } as unknown as SettingsForm, setError };
}

describe('settings: a refused save', () => {
  it('marks the booking page address taken by another business, focused', () => {
    const { form, setError } = fakeForm();
    expect(applyServerErrors({ status: 409, title: 'Conflict', code: 'slug_taken' }, form, intl)).toBe(true);
    expect(setError).toHaveBeenCalledWith('onlineBooking.slug', { message: 'Another business already uses this address. Choose another one.' }, { shouldFocus: true });
  });

  it('puts the fields a 422 names next to the form fields they are (the phone, the opening hours), the first one focused', () => {
    const { form, setError } = fakeForm();
    const problem = {
      status: 422,
      title: 'Unprocessable Content',
      errors: [
        { field: '/tenant/phoneNumber', code: 'invalid' },
        { field: '/tenant/opening_hours/periods/0', code: 'invalid' },
      ],
    };
    expect(applyServerErrors(problem, form, intl)).toBe(true);
    expect(setError.mock.calls.map(([field]) => field)).toEqual(['phone.number', 'schedule']);
    expect(setError.mock.calls[0]?.[2]).toEqual({ shouldFocus: true });
  });

  it('leaves anything else to the page alert', () => {
    const { form, setError } = fakeForm();
    expect(applyServerErrors({ status: 503, title: 'Service Unavailable' }, form, intl)).toBe(false);
    expect(applyServerErrors({ status: 409, title: 'Conflict', code: 'other' }, form, intl)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
