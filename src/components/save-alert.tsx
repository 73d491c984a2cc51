import { useIntl, type MessageDescriptor } from 'react-intl';
import type { SaveState } from '~/lib/use-save-state';
import { ApiErrorAlert } from './api-error-alert';
import { PausedNotice } from './paused-notice';
import { StaleVersionAlert } from './stale-version-alert';

export interface SaveAlertTexts {
  /** "Changed by someone else" with its reload button (edit pages). */
  staleTitle?: MessageDescriptor;
  staleMessage?: MessageDescriptor;
  staleReload?: MessageDescriptor;
  /** Replaces the generic 403 text. */
  forbidden?: MessageDescriptor;
}

/**
 * What went wrong with a form's last save (useSaveState): the stale-version alert with a reload, or
 * the failure told in the user's language; then whether the save waits for the connection.
 */
export function SaveAlert({ state, texts = {}, paused }: {
  state: Pick<SaveState<never>, 'error' | 'stale' | 'reload'>;
  texts?: SaveAlertTexts;
  /** The mutation waits for the network (omit when the page does not tell). */
  paused?: boolean;
}) {
  const intl = useIntl();
  const { staleTitle, staleMessage, staleReload, forbidden } = texts;
  return (
    <>
      {state.stale && staleTitle && staleMessage && staleReload ? (
        <StaleVersionAlert
          title={intl.formatMessage(staleTitle)}
          message={intl.formatMessage(staleMessage)}
          reloadLabel={intl.formatMessage(staleReload)}
          onReload={() => void state.reload()}
        />
      ) : (
        <ApiErrorAlert error={state.error} messages={forbidden ? { forbidden: intl.formatMessage(forbidden) } : undefined} />
      )}
      {paused === undefined ? null : <PausedNotice paused={paused} />}
    </>
  );
}
