// A TCP proxy for fault tests: forwards, refuses (nothing listens), cuts the open connections, or
// forwards requests while swallowing the answers (a client that never hears back).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from '../../server/auth/emulator-fixture.ts';

export interface TcpProxy {
  port: number;
  /** Listens and forwards both ways; with `swallowAnswers`, what the target sends back is dropped. */
  forward(options?: { swallowAnswers?: boolean }): Promise<void>;
  /** Stops listening (new connections are refused) and drops every open connection. */
  cut(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const cut = async () => {
    const closing = server ? new Promise((resolve) => server!.close(resolve)) : Promise.resolve();
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await closing;
  };
  return {
    port,
    async forward({ swallowAnswers = false } = {}) {
      await cut();
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        if (swallowAnswers) upstream.resume();
        else upstream.pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    cut,
  };
}
