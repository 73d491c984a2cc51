import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { asProblem, problemKind } from '~/lib/api-problem';
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
  /** Texts for a refused save by its problem code (e.g. 422 `too_many_tags`), instead of the generic one. */
  problemCodes?: Record<string, ReactNode>;
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
  const { staleTitle, staleMessage, staleReload, forbidden, problemCodes } = texts;
  const code = asProblem(state.error)?.code;
  const byCode = code ? problemCodes?.[code] : undefined;
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
        <ApiErrorAlert
          error={state.error}
          messages={{
            ...(forbidden ? { forbidden: intl.formatMessage(forbidden) } : {}),
            ...(byCode ? { [problemKind(state.error)]: byCode } : {}),
          }}
        />
      )}
      {paused === undefined ? null : <PausedNotice paused={paused} />}
    </>
  );
}
