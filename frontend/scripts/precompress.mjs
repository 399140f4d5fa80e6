#!/usr/bin/env node
// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside each text file of the built client, so the
// server sends them as they are (backend/src/web/web-client.ts) instead of the raw bytes or compressing on
// every request. A copy that would not be smaller than its file is not written (the server then sends the file).
// The files are compressed together on libuv's thread pool: every core works (brotli at quality 11 is most
// of a first start's build after vite).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipAsync } from 'node:zlib';

const brotliOf = promisify(brotliCompress);
const gzipOf = promisify(gzipAsync);

const dist = path.resolve(import.meta.dirname, '..', 'dist');
/** Files worth compressing: text; images and fonts here are already compressed formats. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (TEXT.test(entry.name)) yield file;
  }
}

let raw = 0;
let br = 0;
let count = 0;
await Promise.all(
  [...files(dist)].map(async (file) => {
    if (statSync(file).size < MIN_BYTES) return;
    const content = readFileSync(file);
    const [brotli, gzip] = await Promise.all([
      brotliOf(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipOf(content, { level: 9 }),
    ]);
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    raw += content.length;
    br += Math.min(brotli.length, content.length);
    count += 1;
  }),
);
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB brotli`);
