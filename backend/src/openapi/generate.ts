import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_FILE } from './api-docs.js';
import { buildContract } from './contract.js';

/**
 * Writes the API contract, openapi/openapi.json at the repository's root, from the compiled backend
 * (`npm run build -w backend` runs it after tsc). With `--check` it writes nothing and fails when the
 * committed file differs from what the code describes (`npm test` runs that first).
 */
const backendDir = path.resolve(import.meta.dirname, '..', '..');
const target = CONTRACT_FILE;
const check = process.argv.includes('--check');

const document = await buildContract({
  sourceDir: path.join(backendDir, 'src'),
  outDir: path.join(backendDir, 'dist'),
  tsconfig: path.join(backendDir, 'tsconfig.build.json'),
});
const text = `${JSON.stringify(document, null, 2)}\n`;
const relative = path.relative(process.cwd(), target);

if (!check) {
  writeFileSync(target, text);
  console.log(`API contract written to ${relative} (${Object.keys(document.paths).length} paths)`);
} else {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // a missing file differs like any other
  }
  if (committed !== text) {
    console.error(
      `${relative} is not what the code describes: run "npm run build -w backend" and commit openapi/openapi.json (then "npm run api:types -w frontend").`,
    );
    process.exit(1);
  }
  console.log(`${relative} matches the code`);
}
