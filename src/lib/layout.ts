/**
 * Narrow-window breakpoint (SPEC §2 guard 5, §9). Below 800 px the sidebar collapses; the
 * subscription popup hides at or below 800 px (see subscriptionPopupVisible in subscription.ts),
 * so at exactly 800 px the sidebar stays open while the popup is hidden.
 */
export const NARROW_WINDOW_PX = 800;

/** True when the sidebar should collapse: width < 800 px. */
export function isNarrowWindow(width: number): boolean {
  return width < NARROW_WINDOW_PX;
}
