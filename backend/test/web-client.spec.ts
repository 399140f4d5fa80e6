import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { useWebClientApp } from './web-client-app.js';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/index-B1x2c3D4.js"></script></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;

/** A file of the build with the .br and .gz copies `npm run build` leaves beside it. */
const withCopies = (file: string, text: string) => ({ [file]: text, [`${file}.br`]: brotliCompressSync(text), [`${file}.gz`]: gzipSync(text) });

/** A built web client as `npm run build` leaves it: hashed assets and the page, each with its copies. */
const WEB_CLIENT = {
  ...withCopies('index.html', PAGE),
  ...withCopies('assets/index-B1x2c3D4.js', SCRIPT),
  ...withCopies('sw.js', `self.addEventListener("fetch", () => undefined);${' '.repeat(2000)}`),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

/** A GET with the raw bytes of the answer (no client-side decoding, unlike supertest and fetch). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the web client: precompressed files and caching', () => {
  const { t, web } = useWebClientApp(WEB_CLIENT);

  it('sends a hashed script as brotli to a browser that accepts it, kept a year, and the bytes decode to the file', async () => {
    const res = await get(`${t.url}/assets/index-B1x2c3D4.js`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await get(`${t.url}/assets/index-B1x2c3D4.js`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(`${t.url}/assets/index-B1x2c3D4.js`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets a browser keep the page (at / or a client route) or the offline worker without asking', async () => {
    for (const url of ['/', '/order/list', '/index.html']) {
      const res = await get(`${t.url}${url}`, { Accept: 'text/html', 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toBe(PAGE);
    }
    const worker = await get(`${t.url}/sw.js`, { 'Accept-Encoding': 'gzip' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('gzip');
  });

  it('keeps an unhashed file without copies an hour, uncompressed', async () => {
    const res = await get(`${t.url}/favicon.svg`, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the file itself when its copies went away after the start (a rebuild under a running server)', async () => {
    const script = path.join(web.dir, 'assets', 'index-B1x2c3D4.js');
    rmSync(`${script}.br`);
    try {
      const res = await get(`${t.url}/assets/index-B1x2c3D4.js`, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.body.toString()).toBe(SCRIPT);
    } finally {
      writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    }
  });

  it('answers HEAD like GET without the body: the page at / and a client route, a file, an API read, the health check', async () => {
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/order/list', 'text/html'],
      ['/assets/index-B1x2c3D4.js', '*/*'],
      ['/favicon.svg', '*/*'],
      ['/api/v1/login/initialize', 'application/json'],
      ['/api/health/live', 'application/json'],
    ]) {
      const [got, head] = await Promise.all(['GET', 'HEAD'].map((method) => fetch(`${t.url}${url}`, { method, headers: { Accept: accept } })));
      expect([url, head.status]).toEqual([url, 200]);
      expect(head.headers.get('content-type')).toBe(got.headers.get('content-type'));
      expect(await head.text()).toBe('');
      expect((await got.text()).length).toBeGreaterThan(0);
    }
  });

  it('answers every unknown path under /api with the JSON 404 envelope, in any case and by any method', async () => {
    for (const [method, url] of [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/nothing-here'],
      ['POST', '/api/v2/order/list'],
      ['GET', '/API/Foo'],
      ['HEAD', '/api/nothing-here'],
      ['GET', '/api/v1/nothing-here'],
      ['DELETE', '/API/V1/nothing-here'],
    ]) {
      const res = await fetch(`${t.url}${url}`, { method, headers: { Accept: 'text/html' } });
      expect([method, url, res.status]).toEqual([method, url, 404]);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      if (method !== 'HEAD') expect(await res.json()).toMatchObject({ success: false, code: 404, message: `接口不存在：${url}`, data: null });
    }
  });

  it('leaves the API answers alone', async () => {
    const api = await get(`${t.url}/api/v1/login/initialize`, { 'Accept-Encoding': 'br' });
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

describe('the customer portal, its own client under /m', () => {
  const PORTAL_PAGE = `<!doctype html><html><head><script type="module" src="/m/assets/portal-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;
  const { t } = useWebClientApp({
    ...WEB_CLIENT,
    ...withCopies('m/index.html', PORTAL_PAGE),
    ...withCopies('m/assets/portal-Ab12Cd34.js', SCRIPT),
  });

  it("answers the portal's page at /m/ (where /m leads) and its client routes (the binding link among them), never the staff's", async () => {
    const bare = await get(`${t.url}/m`, { Accept: 'text/html' });
    expect([bare.status, bare.headers.location]).toEqual([301, '/m/']);
    for (const url of ['/m/', '/m/bind?code=QR-123', '/m/orders/smallbag/12', '/m/login']) {
      const res = await get(`${t.url}${url}`, { Accept: 'text/html', 'Accept-Encoding': 'br' });
      expect([url, res.status]).toEqual([url, 200]);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(PORTAL_PAGE);
    }
    const staff = await get(`${t.url}/mine`, { Accept: 'text/html', 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(staff.body).toString()).toBe(PAGE);
  });

  it("keeps the portal's hashed scripts a year, sent precompressed", async () => {
    const res = await get(`${t.url}/m/assets/portal-Ab12Cd34.js`, { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });
});
