// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POPUP_DISMISSED_KEY, usePopupDismissed } from './use-popup-dismissed';

describe('usePopupDismissed', () => {
  it('starts visible, then stays hidden for the rest of the browser session once dismissed', () => {
    window.sessionStorage.removeItem(POPUP_DISMISSED_KEY);
    const first = renderHook(() => usePopupDismissed());
    const second = renderHook(() => usePopupDismissed());
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1]());
    expect(first.result.current[0]).toBe(true);
    // Every mounted popup hears it, and a later mount (after a reload) reads it back.
    expect(second.result.current[0]).toBe(true);
    expect(window.sessionStorage.getItem(POPUP_DISMISSED_KEY)).toBe('1');
    expect(renderHook(() => usePopupDismissed()).result.current[0]).toBe(true);
  });
});
