import type { MessageDescriptor } from 'react-intl';
import type { ProblemKind } from '~/lib/api-problem';
import { m } from '../messages';

/** The translated sentence for a failure that is not about one field. */
export function problemMessage(kind: ProblemKind): MessageDescriptor {
  if (kind === 'network') return m.network;
  if (kind === 'rate-limited') return m.rateLimited;
  if (kind === 'not-found') return m.notFoundTitle;
  return m.server;
}
