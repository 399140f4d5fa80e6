// The on-premises files (docker-compose.yml, Dockerfile, .env.example) cannot be run here (no Docker
// engine), so this keeps them honest: every variable is documented, and every documented one is used.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|mjs)$/.test(name) ? [readFileSync(full, 'utf8')] : [];
  });
}

const documented = new Set(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.split('=')[0]),
);
const compose = read('docker-compose.yml');
const dockerfile = read('Dockerfile');
/** The lines of one service of docker-compose.yml (up to the next service or the top-level keys). */
function serviceBlock(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  const rest = compose.slice(start + 1);
  const end = rest.slice(1).search(/\n {0,2}[a-z]/);
  return end === -1 ? rest : rest.slice(0, end + 1);
}

describe('deployment files', () => {
  it('documents in .env.example every variable docker-compose.yml substitutes', () => {
    const used = [...compose.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((v) => !documented.has(v))).toEqual([]);
  });

  it('passes the app only documented variables', () => {
    const environment = serviceBlock('app').slice(serviceBlock('app').indexOf('environment:'));
    const keys = [...environment.matchAll(/^\s{6}([A-Z_]+):/gm)].map((m) => m[1]);
    expect(keys).toContain('DATABASE_URL');
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
  });

  it('reads every documented variable somewhere in the server or its scripts', () => {
    const code = [...sources(path.join(root, 'backend', 'src')), ...sources(path.join(root, 'scripts'))].join('\n');
    const composeOnly = new Set(['POSTGRES_PASSWORD', 'APP_REPLICAS']);
    const unused = [...documented].filter((v) => !composeOnly.has(v) && !new RegExp(`\\b${v}\\b`).test(code));
    expect(unused).toEqual([]);
  });

  it('builds an image that sets only documented variables and exposes the default port', () => {
    const env = dockerfile.match(/^ENV (.+)$/m)![1];
    const keys = [...env.matchAll(/([A-Z_]+)=/g)].map((m) => m[1]).filter((k) => k !== 'NODE_ENV');
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
    const defaultPort = read('.env.example').match(/^PORT=(\d+)/m)![1];
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${defaultPort}$`, 'm'));
    expect(dockerfile).toMatch(/CMD \["node", "scripts\/start.mjs"\]/);
  });

  it('runs several app instances behind nginx, which balances every request with no session affinity', () => {
    expect(serviceBlock('app')).toMatch(/replicas: \$\{APP_REPLICAS:-\d+\}/);
    expect(serviceBlock('app')).not.toMatch(/ports:/);
    expect(serviceBlock('app')).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
    expect(serviceBlock('proxy')).toMatch(/image: nginx/);
    expect(serviceBlock('proxy')).toContain('./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf');
    expect(serviceBlock('proxy')).toContain('./deploy/nginx/app-proxy.conf:/etc/nginx/app-proxy.conf');
    const nginx = read('deploy/nginx/nginx.conf') + read('deploy/nginx/app-proxy.conf');
    expect(nginx).toMatch(/upstream forwarder_app \{\s*server app:3000;\s*\}/);
    expect(nginx.replace(/#.*$/gm, '')).not.toMatch(/\b(ip_hash|hash|sticky)\b/);
  });
});
