import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { createTestApp, type TestApp } from './app.js';
import { useWebClientApp } from './web-client-app.js';

/** A Content-Security-Policy header as directive → sources. */
function policyOf(header: string | undefined): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** A built web client stand-in: the page, one script file and the offline worker, as `vite build` leaves them. */
const WEB_CLIENT = {
  'index.html': '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  'assets/index.js': 'console.log("client")',
  'sw.js': 'self.addEventListener("fetch", () => undefined)',
};

describe('security headers and CORS', () => {
  const { t } = useWebClientApp(WEB_CLIENT);

  describe('by default', () => {
    it('sends a policy without inline script, no framing, nosniff and no Referer on API answers', async () => {
      const res = await t.http().get('/api/v1/login/initialize').expect(200);
      const csp = policyOf(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // frames: the page's own and the blobs it made (the label preview), nothing from elsewhere
      expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('marks every API answer no-store however its URL is written, and no page', async () => {
      expect((await t.http().get('/api/v1/login/initialize?lang=en').expect(200)).headers['cache-control']).toBe('no-store');
      expect((await t.http().get('/api/health/live').expect(200)).headers['cache-control']).toBe('no-store');
      // the absolute form a client may send to a server (RFC 9112, 3.2.2): the same path, the same header
      const { host, port } = new URL(t.url);
      const head = await new Promise<string>((resolve, reject) => {
        // written, not ended: a client's end before the answer aborts its request; the server closes after answering
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write(`GET http://${host}/api/v1/login/initialize HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text.split('\r\n\r\n')[0])).on('error', reject);
      });
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head).toMatch(/^cache-control: no-store$/im);
      expect((await t.http().get('/order/list').set('Accept', 'text/html').expect(200)).headers['cache-control']).toBe('no-cache');
    });

    it('sends the same protection with the web client, letting antd insert styles and the page reach the hub on its host', async () => {
      for (const url of ['/', '/order/list']) {
        const res = await t.http().get(url).set('Accept', 'text/html').expect(200);
        expect(res.text).toContain('<div id="root">');
        const csp = policyOf(res.headers['content-security-policy']);
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
        expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
        const host = new URL(t.url).host;
        expect(csp.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.has('upgrade-insecure-requests')).toBe(false);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
      const script = await t.http().get('/assets/index.js').expect(200);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cache-control']).not.toBe('no-store');
    });

    it('serves the service worker as a script of this origin, asked for afresh on every visit so a new version is found', async () => {
      const worker = await t.http().get('/sw.js').expect(200);
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(policyOf(worker.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
      expect(worker.headers['service-worker-allowed']).toBeUndefined();
      // unlike the build's hashed files, kept for a year (test/web-client.spec.ts)
      const hashed = await t.http().get('/assets/index.js').expect(200);
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('keeps a Host header that is not a plain host out of the policy', async () => {
      const res = await t.http().get('/api/v1/login/initialize').set('Host', "x; script-src 'unsafe-inline'").expect(200);
      const csp = policyOf(res.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
    });

    it('serves a page the policy fits: the web client has no inline script or style', () => {
      const page = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'frontend', 'index.html'), 'utf8');
      expect(page.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
      expect(page).not.toMatch(/<style|\son\w+=/i);
    });

    it('sends no Strict-Transport-Security', async () => {
      const res = await t.http().get('/api/v1/login/initialize').expect(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('gives a foreign origin no CORS permission on the API, preflight or not', async () => {
      const simple = await t.http().get('/api/v1/login/initialize').set('Origin', 'https://evil.example').expect(200);
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await t.http().options('/api/v1/login/user').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it("refuses a foreign origin at the hub, and serves the page's own", async () => {
      const foreign = await t.http().post('/chathub/negotiate').set('Origin', 'https://evil.example');
      expect(foreign.status).toBe(403);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      // its own origin gets as far as authentication
      expect((await t.http().post('/chathub/negotiate').set('Origin', t.url)).status).toBe(401);
    });
  });

  describe('configured for HTTPS and a partner origin', () => {
    let configured: TestApp;
    beforeAll(async () => {
      configured = await createTestApp({ hsts: true, corsOrigins: ['https://partner.example'], fileBaseUrl: 'https://files.example.com/uploads' });
    });
    afterAll(() => configured.close());

    it('sends Strict-Transport-Security and asks the browser to upgrade insecure requests', async () => {
      const res = await configured.http().get('/api/v1/login/initialize').expect(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policyOf(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    });

    it('lets the page show images from the file server', async () => {
      const res = await configured.http().get('/api/v1/login/initialize').expect(200);
      expect(policyOf(res.headers['content-security-policy']).get('img-src')).toContain('https://files.example.com');
    });

    it('lets the listed origin call the API with credentials and read the token headers, Retry-After and Idempotent-Replayed; others still not', async () => {
      const allowed = await configured.http().get('/api/v1/login/initialize').set('Origin', 'https://partner.example').expect(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      expect(allowed.headers['access-control-expose-headers']).toBe(
        'access-token,x-access-token,content-disposition,X-Request-Id,retry-after,Idempotent-Replayed',
      );
      const preflight = await configured
        .http()
        .options('/api/v1/login/user')
        .set('Origin', 'https://partner.example')
        .set('Access-Control-Request-Method', 'POST')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
      // a create may carry its Idempotency-Key (docs/api.md)
      const create = await configured
        .http()
        .options('/api/v1/question/add')
        .set('Origin', 'https://partner.example')
        .set('Access-Control-Request-Method', 'PUT')
        .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key')
        .expect(204);
      expect(create.headers['access-control-allow-headers']).toContain('idempotency-key');
      const foreign = await configured.http().get('/api/v1/login/initialize').set('Origin', 'https://evil.example').expect(200);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets the listed origin negotiate with the hub', async () => {
      const res = await configured.http().post('/chathub/negotiate').set('Origin', 'https://partner.example');
      expect(res.status).toBe(401);
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect((await configured.http().post('/chathub/negotiate').set('Origin', 'https://evil.example')).status).toBe(403);
    });
  });
});
