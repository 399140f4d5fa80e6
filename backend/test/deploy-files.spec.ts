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

describe('deployment files', () => {
  it('documents in .env.example every variable docker-compose.yml substitutes', () => {
    const used = [...compose.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((v) => !documented.has(v))).toEqual([]);
  });

  it('passes the app only documented variables', () => {
    const appBlock = compose.slice(compose.indexOf('\n  app:'));
    const environment = appBlock.slice(appBlock.indexOf('environment:'), appBlock.indexOf('ports:'));
    const keys = [...environment.matchAll(/^\s{6}([A-Z_]+):/gm)].map((m) => m[1]);
    expect(keys).toContain('DATABASE_URL');
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
  });

  it('reads every documented variable somewhere in the server or its scripts', () => {
    const code = [...sources(path.join(root, 'backend', 'src')), ...sources(path.join(root, 'scripts'))].join('\n');
    const composeOnly = new Set(['POSTGRES_PASSWORD']);
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
});
