// A load balancer without session affinity, for the tests of several processes: every HTTP request
// (not every TCP connection) goes to the next target in turn, and so does every WebSocket upgrade.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Which target served each request so far, in order (`METHOD path` → target index). */
  served: Array<{ method: string; path: string; target: number }>;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: RoundRobinProxy['served'] = [];
  const choose = (req: IncomingMessage) => {
    const target = next++ % targets.length;
    served.push({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0], target });
    return new URL(targets[target]);
  };
  const server: Server = createServer((req, res) => {
    const target = choose(req);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host, connection: 'close' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const target = choose(req);
    const upstream = connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries({ ...req.headers, host: target.host }).map(([name, value]) => `${name}: ${String(value)}\r\n`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('')}\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    for (const end of [socket, upstream]) end.on('error', () => (socket.destroy(), upstream.destroy()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
