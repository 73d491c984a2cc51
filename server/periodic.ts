/**
 * A background loop of one server instance (the outbox worker, the asset cleaner): runs `pass`,
 * waits, runs it again. The wait after a pass is `delayAfter(result)` (0 to go on at once when
 * there is more to do); after a failure, logged, `retryMs`. Timers do not keep the process alive;
 * `stop()` ends the loop and waits for the pass under way.
 */
export function periodic<T>(
  pass: () => Promise<T>,
  options: { delayAfter: (result: T) => number; retryMs: number; failure: string; log?: { error(obj: object, msg: string): void } },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = pass()
        .then((result) => schedule(options.delayAfter(result)))
        .catch((error) => {
          options.log?.error({ err: error }, options.failure);
          schedule(options.retryMs);
        })
        .finally(() => {
          running = undefined;
        });
    }, delay);
    timer.unref?.();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
