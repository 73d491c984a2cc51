// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSaveState } from './use-save-state';

afterEach(cleanup);

const stale = { status: 409, code: 'stale_version', title: 'Conflict' };
const invalid = { status: 422, errors: [{ field: '/thing/name', code: 'blank' }] };
const form = { name: 'the form' };

describe('useSaveState', () => {
  it('tells a stale version apart on an edit page, and a reload clears it and remounts the form', async () => {
    const reload = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useSaveState<typeof form>({ reload, applyServerErrors: () => false }));
    await act(() => result.current.submit(() => Promise.reject(stale))('values', form));
    expect(result.current.stale).toBe(true);
    expect(result.current.error).toBeNull();
    await act(() => result.current.reload());
    expect(reload).toHaveBeenCalledOnce();
    expect(result.current.stale).toBe(false);
    expect(result.current.formKey).toBe(1);
  });

  it('puts field errors next to their fields and keeps the rest for the alert', async () => {
    const applied: unknown[] = [];
    const applyServerErrors = (error: unknown, target: typeof form) => {
      applied.push([error, target]);
      return error === invalid;
    };
    const { result } = renderHook(() => useSaveState<typeof form>({ reload: () => Promise.resolve(), applyServerErrors }));
    await act(() => result.current.submit(() => Promise.reject(invalid))('values', form));
    expect(applied).toEqual([[invalid, form]]);
    expect(result.current.error).toBeNull();
    const server = { status: 500 };
    await act(() => result.current.submit(() => Promise.reject(server))('values', form));
    expect(result.current.error).toBe(server);
    await act(() => result.current.submit(() => Promise.resolve())('values', form));
    expect(result.current.error).toBeNull();
  });

  it('on a create page (no reload) shows a 409 stale_version as any other failure', async () => {
    const { result } = renderHook(() => useSaveState<typeof form>({ applyServerErrors: () => false }));
    await act(() => result.current.submit(() => Promise.reject(stale))('values', form));
    expect(result.current.stale).toBe(false);
    expect(result.current.error).toBe(stale);
  });
});
