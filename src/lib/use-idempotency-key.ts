import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './retrying-fetch';

/**
 * One Idempotency-Key per submission: the same key while a submission is retried (by the client or
 * by the user pressing the button again after a lost answer), a fresh one once it succeeded
 * (`renew`). The server answers a replayed create with the first response instead of a second object.
 */
export function useIdempotencyKey(): { key: () => string; renew: () => void } {
  const ref = useRef<string | null>(null);
  const key = useCallback(() => {
    ref.current ??= newIdempotencyKey();
    return ref.current;
  }, []);
  const renew = useCallback(() => {
    ref.current = null;
  }, []);
  return { key, renew };
}
