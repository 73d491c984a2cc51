import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { modalHostMounted } from '~/lib/modals';

/**
 * The shell's notification area and modal host (SPEC §2), a chunk of their own: Mantine's Modal (focus
 * trap, scroll lock) and the notification list are nothing the first page shows, so they arrive right
 * after it is painted. Notifications shown before are kept in Mantine's store and appear then; confirm
 * modals wait for the host (~/lib/modals).
 */
export default function ShellHosts({ autoClose }: { autoClose: number }) {
  // After ModalsProvider's own (layout) effects: its window listeners are in place.
  useEffect(() => modalHostMounted(), []);
  return (
    <>
      <ModalsProvider />
      <Notifications autoClose={autoClose} position="top-right" />
    </>
  );
}
