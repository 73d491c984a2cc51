import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true from a task after the next frame: what is rendered only
 * then (and the code it loads) comes after the page's first paint rather than before it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: what the flag adds is rendered in slices, not in one long task after the paint.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
