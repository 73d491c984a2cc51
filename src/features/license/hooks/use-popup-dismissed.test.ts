// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POPUP_DISMISSED_KEY, popupLicenceKey, reopenSubscriptionPopup, usePopupDismissed } from './use-popup-dismissed';

const beta = { licenseStatus: 'LICENSE_STATUS_BETA_TESTER' as const, licenseActiveUntil: { year: 2027, month: 3, day: 1, hours: 0, minutes: 0, seconds: 0 } };

describe('usePopupDismissed', () => {
  it('starts open, then stays a badge for that licence (across reloads) once closed', () => {
    window.localStorage.removeItem(POPUP_DISMISSED_KEY);
    const key = popupLicenceKey(beta);
    const first = renderHook(() => usePopupDismissed(key));
    const second = renderHook(() => usePopupDismissed(key));
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1]());
    expect(first.result.current[0]).toBe(true);
    // Every mounted popup hears it, and a later mount (after a reload) reads it back.
    expect(second.result.current[0]).toBe(true);
    expect(renderHook(() => usePopupDismissed(key)).result.current[0]).toBe(true);
  });

  it('opens again when the licence changes, or when the badge is pressed', () => {
    window.localStorage.removeItem(POPUP_DISMISSED_KEY);
    const closed = renderHook(() => usePopupDismissed(popupLicenceKey(beta)));
    act(() => closed.result.current[1]());
    const extended = popupLicenceKey({ ...beta, licenseActiveUntil: { ...beta.licenseActiveUntil, month: 6 } });
    expect(renderHook(() => usePopupDismissed(extended)).result.current[0]).toBe(false);
    expect(renderHook(() => usePopupDismissed(popupLicenceKey({ ...beta, licenseStatus: 'LICENSE_STATUS_PRO' }))).result.current[0]).toBe(false);
    act(() => reopenSubscriptionPopup());
    expect(closed.result.current[0]).toBe(false);
  });
});
