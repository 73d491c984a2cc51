import { useCallback, useRef } from 'react';

/** One Idempotency-Key per submission: the same while it is retried, a fresh one once it succeeded. */
export function useIdempotencyKey(): { key: () => string; renew: () => void } {
  const ref = useRef<string | null>(null);
  const key = useCallback(() => {
    ref.current ??= crypto.randomUUID();
    return ref.current;
  }, []);
  const renew = useCallback(() => {
    ref.current = null;
  }, []);
  return { key, renew };
}
