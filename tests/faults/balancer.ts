// A small HTTP load balancer for the scale-out suite: round robin per request over the upstreams,
// as nginx's `upstream` with its defaults does it:
// - a request whose connection to an upstream is refused (nothing was sent) goes to the next one;
// - any other failure (a reset or a timeout after the request went out) is retried on the next
//   upstream only for GET and HEAD, never for a write that may have been applied (nginx's
//   `proxy_next_upstream error timeout`, without `non_idempotent`); the client gets 502 instead;
// - an upstream that failed is left out for `downMs` (passive health check), then tried again.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Balancer {
  url: string;
  /** Requests each upstream answered, by its index. */
  served: number[];
  close(): Promise<void>;
}

interface Upstream {
  host: string;
  port: number;
  downUntil: number;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `port`: where it listens on 127.0.0.1 (default: a free port). */
export async function startBalancer(targets: Array<{ host: string; port: number }>, { downMs = 5_000, port = 0 } = {}): Promise<Balancer> {
  const upstreams: Upstream[] = targets.map((target) => ({ ...target, downUntil: 0 }));
  const served = upstreams.map(() => 0);
  let next = 0;
  const sockets = new Set<Socket>();

  // Headers and addresses longer than Cita's own limit (Node's 16 kB) pass through, so that Cita answers
  // them (431 problem+json) as it does without a balancer (nginx: large_client_header_buffers).
  const server: Server = createServer({ maxHeaderSize: 64 * 1024 }, async (request, response) => {
    const body = await bodyOf(request);
    const replayable = request.method === 'GET' || request.method === 'HEAD';
    const now = Date.now();
    // Round robin over the upstreams that are up (all of them, when none is).
    const order = upstreams.map((_, i) => (next + i) % upstreams.length);
    next = (next + 1) % upstreams.length;
    const candidates = [...order.filter((i) => upstreams[i]!.downUntil <= now), ...order.filter((i) => upstreams[i]!.downUntil > now)];
    for (const index of candidates) {
      const upstream = upstreams[index]!;
      const outcome = await new Promise<'answered' | 'refused' | 'failed'>((resolve) => {
        const forwarded = httpRequest(
          { host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, connection: 'close' } },
          (answer) => {
            served[index]! += 1;
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            answer.on('end', () => resolve('answered'));
            answer.on('error', () => resolve('answered'));
          },
        );
        forwarded.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'failed'));
        forwarded.end(body);
      });
      if (outcome === 'answered') return;
      upstream.downUntil = Date.now() + downMs;
      if (outcome === 'failed' && !replayable) break;
    }
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end('Bad gateway');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
