// Load balancers without session affinity, for the tests of several server processes: every HTTP request
// (not every TCP connection) goes to the next target in turn, and so does every WebSocket upgrade.
// nginx from Debian's packages when installed (the real thing, with deploy/nginx/app-proxy.conf), else a
// small round-robin proxy of our own.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Served {
  method: string;
  path: string;
  /** index of the target that answered */
  target: number;
}

export interface LoadBalancer {
  /** 'nginx' or 'round-robin proxy': what the test ran behind */
  kind: string;
  url: string;
  /** Which target served each request so far, in order. */
  served(): Promise<Served[]>;
  close(): Promise<void>;
}

export interface RoundRobinProxy {
  url: string;
  /** Which target served each request so far, in order. */
  served: Served[];
  close(): Promise<void>;
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
const APP_PROXY_CONF = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'app-proxy.conf');

/** nginx when installed, else the round-robin proxy; both balance every request over `targets` in turn. */
export async function startLoadBalancer(targets: string[]): Promise<LoadBalancer> {
  if (!NGINX) {
    const proxy = await startRoundRobinProxy(targets);
    return { kind: 'round-robin proxy', url: proxy.url, served: async () => proxy.served, close: proxy.close };
  }
  return startNginx(NGINX, targets);
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx as the product's compose file runs it (deploy/nginx/app-proxy.conf), with the targets as upstream. */
async function startNginx(binary: string, targets: string[]): Promise<LoadBalancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fwd-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const hosts = targets.map((target) => new URL(target).host);
  const log = path.join(dir, 'access.log');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
    log_format served '$request_method $uri $upstream_addr';
    access_log ${log} served;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    map $http_upgrade $connection_upgrade {
        default upgrade;
        '' close;
    }
    upstream forwarder_app {
${hosts.map((host) => `        server ${host};`).join('\n')}
    }
    server {
        listen 127.0.0.1:${port};
        include ${APP_PROXY_CONF};
    }
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${stderr}`);
    const up = await fetch(`${url}/nginx-probe`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    kind: 'nginx',
    url,
    served: async () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method, uri, upstream] = line.split(' ');
          return { method, path: uri, target: hosts.indexOf(upstream) };
        })
        .filter((served) => served.path !== '/nginx-probe'),
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
