import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the API's documentation is browsable (outside the API prefix: a page, not a call). */
export const API_DOCS_PATH = '/api/docs';
/** The call that gives the document, under the API prefix (ApiDocsController). */
export const API_DOCS_DOCUMENT = '/api/v1/docs/openapi.json';

/** The committed contract: openapi/openapi.json at the repository's root (from src/openapi or dist/openapi). */
export const CONTRACT_FILE = path.resolve(import.meta.dirname, '..', '..', '..', 'openapi', 'openapi.json');

const swaggerUiDir = (createRequire(import.meta.url)('swagger-ui-dist/absolute-path.js') as () => string)();
/** The files of swagger-ui the page loads (the package's own index.html and initializer are not served). */
const ASSETS = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/swagger-ui-standalone-preset.js', '/favicon-32x32.png', '/favicon-16x16.png']);

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Forwarder back office API</title>
  <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
  <style>
    body { margin: 0; background: #fafafa; }
    .api-docs-note { font: 14px sans-serif; padding: 8px 20px; background: #fffbe6; border-bottom: 1px solid #ffe58f; }
  </style>
</head>
<body>
  <div class="api-docs-note">
    The document is given to a signed-in user holding <code>security:list</code> (接口权限): sign in to the web
    client at <a href="/">/</a> in this browser, then reload. Calls made here are made as that user.
  </div>
  <div id="swagger-ui"></div>
  <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${API_DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
  <script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/**
 * Starts swagger-ui with the web client's session (same origin, tokens in localStorage, see the web
 * client's shared/request/tokens.ts): every request carries the access token, an expired one also the
 * refresh token, and renewed tokens are stored back so the web client's session goes on. A file, not an
 * inline script: the Content-Security-Policy allows only scripts of this origin.
 */
const INIT = `window.onload = function () {
  function expired(token) {
    try {
      var part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(atob(part)).exp * 1000 <= Date.now() + 5000;
    } catch (e) {
      return false;
    }
  }
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_DOCS_DOCUMENT)},
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'BaseLayout',
    deepLinking: true,
    validatorUrl: null,
    requestInterceptor: function (request) {
      var token = localStorage.getItem('token');
      var refreshToken = localStorage.getItem('refreshToken');
      if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
      if (token && refreshToken && expired(token)) request.headers['X-Authorization'] = 'Bearer ' + refreshToken;
      return request;
    },
    responseInterceptor: function (response) {
      var token = response.headers['access-token'];
      var refreshToken = response.headers['x-access-token'];
      if (token === 'invalid_token' || refreshToken === 'invalid_token') {
        localStorage.removeItem('token');
        localStorage.removeItem('refreshToken');
      } else {
        if (token) localStorage.setItem('token', token);
        if (refreshToken) localStorage.setItem('refreshToken', refreshToken);
      }
      return response;
    },
  });
};
`;

/**
 * The documentation page at /api/docs: swagger-ui from the swagger-ui-dist package (no CDN) and the page
 * that starts it. The document itself is a call of the API (ApiDocsController), which checks the caller.
 * Mounted only when API_DOCS is on (config.apiDocs).
 */
export function apiDocsPage(): RequestHandler[] {
  const assets = express.static(swaggerUiDir, { index: false, maxAge: '1h' });
  const page = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/' || req.path === '') return void res.type('html').send(PAGE);
    if (req.path === '/init.js') return void res.type('js').send(INIT);
    if (ASSETS.has(req.path)) return assets(req, res, next);
    next();
  };
  const router = express.Router();
  router.use(API_DOCS_PATH, page);
  return [router];
}
