import { useIntl } from 'react-intl';
import type { ProblemKind } from '~/lib/api-problem';
import { m } from '../messages';
import { problemMessage } from './problem-message';

/** Why the booking page cannot be shown: an unknown page (404), or a failure worth retrying. */
export function LoadProblem({ kind, onRetry }: { kind: ProblemKind; onRetry: () => void }) {
  const intl = useIntl();
  if (kind === 'not-found') {
    return (
      <main className="bk-main">
        <h1>{intl.formatMessage(m.notFoundTitle)}</h1>
        <p>{intl.formatMessage(m.notFoundText)}</p>
      </main>
    );
  }
  return (
    <main className="bk-main">
      <h1>{intl.formatMessage(m.loadFailedTitle)}</h1>
      <p role="alert">{intl.formatMessage(problemMessage(kind))}</p>
      <button type="button" className="bk-button" onClick={onRetry}>
        {intl.formatMessage(m.retry)}
      </button>
    </main>
  );
}
