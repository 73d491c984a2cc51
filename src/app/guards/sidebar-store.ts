import { useSyncExternalStore } from 'react';
import { isNarrowWindow } from '~/lib/layout';

/**
 * The dashboard sidebar's open/closed flag (SPEC §2 guard 5). The sidebar guard closes it on every
 * navigation in a window narrower than 800 px; the dashboard layout reads and toggles it.
 */

const listeners = new Set<() => void>();
let opened = typeof window === 'undefined' ? true : !isNarrowWindow(window.innerWidth);

export function isSidebarOpened(): boolean {
  return opened;
}

export function setSidebarOpened(value: boolean): void {
  if (value === opened) return;
  opened = value;
  for (const listener of listeners) listener();
}

export function toggleSidebar(): void {
  setSidebarOpened(!opened);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSidebarOpened(): boolean {
  return useSyncExternalStore(subscribe, isSidebarOpened, isSidebarOpened);
}

/** The sidebar guard: collapses the sidebar when the window is narrower than 800 px. */
export function sidebarGuard(windowWidth: number): void {
  if (isNarrowWindow(windowWidth)) setSidebarOpened(false);
}
