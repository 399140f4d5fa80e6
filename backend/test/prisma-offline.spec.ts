// The Prisma CLI must work without the native schema engine it would download from outside the npm registry:
// scripts/prisma.mjs swaps in scripts/prisma-schema-engine.mjs, which runs @prisma/schema-engine-wasm.
// These run the CLI the way developers do and need no database: DATABASE_URL points at a closed port on purpose.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const backendDir = path.resolve(import.meta.dirname, '..');
// scripts/prisma.mjs runs the CLI from the repository root, so file arguments must not be relative to backend/.
const schemaPath = path.resolve(backendDir, '../prisma/schema.prisma');

function prisma(...args: string[]) {
  return run(process.execPath, ['../scripts/prisma.mjs', ...args], {
    cwd: backendDir,
    env: { ...process.env, DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/no_database_needed' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

describe('Prisma CLI with the offline schema engine', () => {
  it('renders the migration SQL for the whole schema without a database', async () => {
    const { stdout } = await prisma('migrate', 'diff', '--from-empty', '--to-schema', schemaPath, '--script');
    expect(stdout).toContain('CREATE TABLE "app_user"');
  });

  it('reports the offline engine in --version', async () => {
    const { stdout } = await prisma('--version');
    expect(stdout).toMatch(/Schema Engine\s*:\s*schema-engine-cli [0-9a-f]{40} \(at scripts\/prisma-schema-engine\.mjs/);
  });
});
