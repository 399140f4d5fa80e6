import { readFileSync } from 'node:fs';
import { CONTRACT_FILE } from '../src/openapi/api-docs.js';
import { DEMO, login, useTestApp } from './app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('API documentation at /api/docs', () => {
  describe('while API_DOCS is on (the default outside production)', () => {
    const { t } = useTestApp({}, { apiDocs: true });

    it('serves the page with swagger-ui from this server, scripts as files only (the policy allows no inline script)', async () => {
      const res = await t.http().get('/api/docs').expect(200);
      expect(res.headers['content-type']).toContain('text/html');
      const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.map(([, attributes]) => attributes.trim())).toEqual([
        'src="/api/docs/swagger-ui-bundle.js"',
        'src="/api/docs/swagger-ui-standalone-preset.js"',
        'src="/api/docs/init.js"',
      ]);
      expect(scripts.every(([, , body]) => body.trim() === '')).toBe(true);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.text).not.toMatch(/https?:\/\//);

      const bundle = await t.http().get('/api/docs/swagger-ui-bundle.js').expect(200);
      expect(bundle.headers['content-type']).toContain('javascript');
      await t.http().get('/api/docs/swagger-ui.css').expect(200);
      const init = await t.http().get('/api/docs/init.js').expect(200);
      expect(init.text).toContain('"/api/v1/docs/openapi.json"');
      // the package's own page and initializer (which would load a demo document) are not served
      await t.http().get('/api/docs/index.html').expect(404);
      await t.http().get('/api/docs/swagger-initializer.js').expect(404);
    });

    it('gives the committed contract to a holder of security:list only', async () => {
      await t.http().get('/api/v1/docs/openapi.json').expect(401);
      const salesman = await login(t, ...DEMO.salesman);
      const refused = await t.http().get('/api/v1/docs/openapi.json').set(auth(salesman.token)).expect(403);
      expect(refused.body).toMatchObject({ success: false, code: 403 });

      const admin = await login(t, ...DEMO.admin);
      const res = await t.http().get('/api/v1/docs/openapi.json').set(auth(admin.token)).expect(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toEqual(JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')));
      expect(res.body.servers).toEqual([{ url: '/api/v1' }]);
      expect(res.body.paths['/docs/openapi.json'].get['x-access']).toEqual(['security:list']);
    });
  });

  describe('while API_DOCS is off (the default in production)', () => {
    const { t } = useTestApp({}, { apiDocs: false });

    it('serves neither the page nor the document, even to an administrator', async () => {
      await t.http().get('/api/docs').expect(404);
      await t.http().get('/api/docs/swagger-ui-bundle.js').expect(404);
      const admin = await login(t, ...DEMO.admin);
      await t.http().get('/api/v1/docs/openapi.json').set(auth(admin.token)).expect(404);
    });
  });
});
