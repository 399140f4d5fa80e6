import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** PostgreSQL's client tools a backup and a restore run: pg_dump, pg_restore, and their major version. */
export interface PgTools {
  pgDump: string;
  pgRestore: string;
  major: number;
}

const INSTALL = "install PostgreSQL's client tools (apt-get install postgresql-client), or set PG_BIN_DIR to the folder holding pg_dump and pg_restore";

/** Debian's layout: one /usr/lib/postgresql/<major>/bin per installed version. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/**
 * Where pg_dump and pg_restore are: PG_BIN_DIR when set, else the newest of Debian's
 * /usr/lib/postgresql/<N>/bin (a newer client reads every older server), else the PATH. Missing tools
 * stop with what to install.
 */
export function findPgTools(pgBinDir: string | undefined, debianRoot = DEBIAN_ROOT): PgTools {
  const dir = pgBinDir ?? newestDebianBin(debianRoot);
  const tool = (name: string) => (dir ? path.join(dir, name) : name);
  const pgDump = tool('pg_dump');
  const pgRestore = tool('pg_restore');
  const versions = [pgDump, pgRestore].map(majorOf);
  if (versions.some((major) => major === undefined)) {
    throw new Error(`pg_dump and pg_restore were not found${dir ? ` in ${dir}` : ' on the PATH'}: ${INSTALL}`);
  }
  return { pgDump, pgRestore, major: Math.min(...(versions as number[])) };
}

function newestDebianBin(root: string): string | undefined {
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'pg_dump')))
    .map(Number)
    .sort((a, b) => b - a);
  return majors.length ? path.join(root, String(majors[0]), 'bin') : undefined;
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.14 (Debian …)` → 15), or undefined when it cannot run. */
function majorOf(executable: string): number | undefined {
  const run = spawnSync(executable, ['--version'], { encoding: 'utf8' });
  const match = run.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout) : null;
  return match ? Number(match[1]) : undefined;
}

/** pg_dump refuses a server of a newer major than its own: say so before it starts, with what to install. */
export function checkClientMajor(tools: PgTools, serverVersionNum: number): void {
  const server = Math.floor(serverVersionNum / 10_000);
  if (tools.major < server) {
    throw new Error(
      `the database runs PostgreSQL ${server} and pg_dump is version ${tools.major} (${tools.pgDump}): pg_dump cannot read a newer server. ` +
        `Install PostgreSQL ${server}'s client tools (apt-get install postgresql-client-${server}) and set PG_BIN_DIR to their folder.`,
    );
  }
}

/**
 * How a PostgreSQL tool reaches the database of `url`: the URL without its password on the command line
 * (visible to every user of the machine in the process list), the password in PGPASSWORD.
 */
export function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/**
 * Runs a PostgreSQL tool to its end, handing each line it writes on stderr to `onLine`; rejects with its
 * last lines when it fails. The caller's arguments never include a password (connectionOf).
 */
export function runTool(executable: string, args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const tail: string[] = [];
    let pending = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 10) tail.shift();
        onLine(line);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (pending) {
        tail.push(pending);
        onLine(pending);
      }
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(executable)} failed (exit ${code}): ${tail.join('\n').trim()}`));
    });
  });
}
