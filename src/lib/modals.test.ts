import { describe, expect, it, vi } from 'vitest';

const openConfirmModalMock = vi.hoisted(() => vi.fn());
vi.mock('@mantine/modals', () => ({ modals: { openConfirmModal: openConfirmModalMock } }));

describe('openConfirmModal', () => {
  it('waits for the shell modal host, then opens every modal asked for meanwhile, in order', async () => {
    const { modalHostMounted, openConfirmModal } = await import('./modals');
    openConfirmModal({ title: 'first' });
    openConfirmModal({ title: 'second' });
    await Promise.resolve();
    expect(openConfirmModalMock).not.toHaveBeenCalled();

    modalHostMounted();
    await vi.waitFor(() => expect(openConfirmModalMock).toHaveBeenCalledTimes(2));
    expect(openConfirmModalMock.mock.calls.map(([props]) => (props as { title: string }).title)).toEqual(['first', 'second']);

    openConfirmModal({ title: 'third' });
    await vi.waitFor(() => expect(openConfirmModalMock).toHaveBeenCalledTimes(3));
  });
});
