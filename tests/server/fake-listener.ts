import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fake service's server listening on a free local port, which a test can make unreachable (every
 * connection dropped at once, kept-alive ones too) and close: the fake S3 and the fake SMS/WhatsApp
 * providers.
 */
export async function listenSwitchable(server: Server): Promise<{ url: string; setReachable(reachable: boolean): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let reachable = true;
  server.on('connection', (socket) => {
    if (!reachable) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setReachable(value) {
      reachable = value;
      // Kept-alive connections would still reach it.
      if (!value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
