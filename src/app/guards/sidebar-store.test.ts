import { describe, expect, it } from 'vitest';
import { isSidebarOpened, setSidebarOpened, sidebarGuard, toggleSidebar } from './sidebar-store';

describe('sidebar guard', () => {
  it('collapses the sidebar below 800 px and leaves it alone at 800 px and wider', () => {
    setSidebarOpened(true);
    sidebarGuard(800);
    expect(isSidebarOpened()).toBe(true);
    sidebarGuard(1280);
    expect(isSidebarOpened()).toBe(true);
    sidebarGuard(799);
    expect(isSidebarOpened()).toBe(false);
    toggleSidebar();
    expect(isSidebarOpened()).toBe(true);
  });
});
