import { modals } from '@mantine/modals';

// The modal host (src/app/shell-hosts.tsx) is loaded just after the first page is painted, and
// Mantine's modals are opened by a window event that nobody hears before it is there: a confirm modal
// asked for earlier waits for it.
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the modal host once it listens. */
export function modalHostMounted(): void {
  markMounted();
}

/** Mantine's modals.openConfirmModal, once the shell's modal host is there. */
export function openConfirmModal(props: Parameters<typeof modals.openConfirmModal>[0]): void {
  void mounted.then(() => modals.openConfirmModal(props));
}
