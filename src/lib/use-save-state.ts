import { useState } from 'react';
import { isStaleVersion } from './api-problem';

export interface SaveState<Form> {
  /** The last save's failure that is not a field error, for the page's alert. */
  error: unknown;
  /** The last save was refused as stale (409 stale_version): someone else changed the record. */
  stale: boolean;
  /** The form's key: it changes after a reload, so the form starts again from the server's values. */
  formKey: number;
  /** Reloads the record and starts the form again (the stale alert's button). */
  reload: () => Promise<void>;
  /**
   * A form's submit handler around `save`: the last failure is cleared, then field errors go next to
   * their fields, a stale version (when the page can reload) to the stale alert, the rest to `error`.
   */
  submit: <Values>(save: (values: Values, form: Form) => Promise<void>) => (values: Values, form: Form) => Promise<void>;
}

/**
 * The failures of a create or edit form: `applyServerErrors` puts a problem's field errors next to
 * their fields (true when there were any); `reload` refetches the record of an edit page, and only
 * then is a 409 stale_version told apart from other failures.
 */
export function useSaveState<Form>({ applyServerErrors, reload }: {
  applyServerErrors: (error: unknown, form: Form) => boolean;
  reload?: () => Promise<unknown>;
}): SaveState<Form> {
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);
  return {
    error,
    stale,
    formKey,
    reload: async () => {
      await reload?.();
      setStale(false);
      setError(null);
      setFormKey((key) => key + 1);
    },
    submit: (save) => async (values, form) => {
      setError(null);
      if (reload) setStale(false);
      try {
        await save(values, form);
      } catch (failure) {
        if (reload && isStaleVersion(failure)) setStale(true);
        else if (!applyServerErrors(failure, form)) setError(failure);
      }
    },
  };
}
