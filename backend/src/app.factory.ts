import { Logger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from './app.module.js';
import { AuditService } from './audit/audit.service.js';
import { bearer } from './auth/access.guard.js';
import { AuthService } from './auth/auth.service.js';
import { requestLogMiddleware } from './audit/request-log.middleware.js';
import { bodyParsers } from './common/body-parsers.js';
import { EnvelopeAdapter } from './common/envelope.js';
import { middlewareChain } from './common/middleware-chain.js';
import { corsOptions, securityHeaders } from './common/security-headers.js';
import { API_PREFIX, HEALTH_PATH, isMonitoringPath, METRICS_PATH, type AppConfig } from './config/app-config.js';
import { FileServer } from './files/file-server.js';
import { HubService } from './hub/hub.service.js';
import { requestLogging } from './logging/http-logger.js';
import { PinoNestLogger } from './logging/nest-logger.js';
import { createRootLogger, silentLogger, type RootLogger } from './logging/root-logger.js';
import { apiDocsPage } from './openapi/api-docs.js';
import { HealthRoute } from './operations/health/health-route.js';
import { MetricsRoute } from './operations/metrics/metrics-route.js';
import { MetricsService } from './operations/metrics/metrics.service.js';
import { PublicTrackingRoute } from './orders/public-tracking/public-tracking-route.js';
import { PORTAL_PATH, webClient } from './web/web-client.js';
import { apiNotFound } from './common/api-not-found.js';

/** Where the public tracking page is mounted: the path segment after it is an order's tracking token. */
const TRACKING_PATH = '/t';

/**
 * Builds the whole server on one port: the API under /api/v1, health and metrics under /api, the SignalR
 * hub at /chathub, uploaded files under FILE_BASE_URL and the built web client at / (history-mode routes
 * fall back to index.html).
 * Logs go to the root logger made from the configuration (logging/), or to `logger` (false: nowhere).
 */
export async function createApp(config: AppConfig, options: { logger?: false | RootLogger } = {}): Promise<INestApplication> {
  const logger = options.logger === false ? silentLogger() : (options.logger ?? createRootLogger(config));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new EnvelopeAdapter(), {
    logger: new PinoNestLogger(logger),
    // common/body-parsers.ts: bounded in size and depth, refusals in the envelope
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  // API answers are fresh data in an envelope: no ETag to hash on every call (static files keep theirs)
  app.set('etag', false);
  app.disable('x-powered-by');
  // first, as one layer of the router (common/middleware-chain.ts): every answer, whatever serves it, carries the
  // request id, and every request has its log line; the audit's request context; Prometheus metrics only when
  // METRICS_TOKEN is set (otherwise nothing counts and /api/metrics is unknown: 404); the security headers
  app.use(
    middlewareChain(
      requestLogging(logger, { secret: [TRACKING_PATH], polled: isMonitoringPath }),
      requestLogMiddleware(app.get(AuditService)),
      ...(config.metricsToken ? [app.get(MetricsService).httpMiddleware()] : []),
      securityHeaders(config),
    ),
  );
  const cors = corsOptions(config);
  if (cors) app.enableCors(cors);
  // for machines, outside the API: no sign-in, no envelope (docs/monitoring.md). Answered as soon as what
  // every answer carries is set (request id and log line, the audit's request context, metrics, security
  // and CORS headers): a probe's GET has no body to parse, nor API docs to look for.
  app.get(HealthRoute).register(app.getHttpAdapter().getInstance(), HEALTH_PATH);
  const auth = app.get(AuthService);
  app.use(bodyParsers(config, (req) => auth.isSignedIn(bearer(req.headers.authorization), bearer(req.headers['x-authorization']))));
  app.setGlobalPrefix(API_PREFIX);
  if (config.apiDocs) app.use(apiDocsPage());
  if (config.metricsToken) app.use(METRICS_PATH, app.get(MetricsRoute).handler());
  app.get(HubService).attach(app);
  app.use('/api', apiNotFound());

  if (config.fileBaseUrl.startsWith('/')) app.use(config.fileBaseUrl, app.get(FileServer).handler());
  // the public tracking page of a parcel's label (docs/order-documents.md, Tracking link)
  app.use(TRACKING_PATH, app.get(PublicTrackingRoute).handler());
  if (config.webDir && existsSync(path.join(config.webDir, 'index.html'))) {
    // web/web-client.ts: precompressed copies by Accept-Encoding, hashed assets cached a year, the page never
    const { files, page } = webClient(config.webDir);
    const isWebPath = (req: express.Request) => !req.path.startsWith('/api/') && !req.path.startsWith('/chathub');
    const isPage = (req: express.Request) => (req.method === 'GET' || req.method === 'HEAD') && isWebPath(req) && Boolean(req.accepts('html'));
    // The customer portal (docs/portal-screens.md), its own client in the folder's `m/`: its files, then its page
    // for its client routes, before the staff client's (whose page would otherwise answer /m/...).
    const portalDir = path.join(config.webDir, PORTAL_PATH.slice(1));
    if (existsSync(path.join(portalDir, 'index.html'))) {
      const portal = webClient(portalDir);
      app.use(PORTAL_PATH, portal.files);
      app.use(PORTAL_PATH, (req: express.Request, res: express.Response, next: express.NextFunction) => (isPage(req) ? portal.page(req, res, next) : next()));
    }
    // The web client's files; API calls skip the file lookup (a stat on disk per call otherwise).
    app.use((req: express.Request, res: express.Response, next: express.NextFunction) => (isWebPath(req) ? files(req, res, next) : next()));
    // Any non-API GET (or HEAD, answered the same without its body) that is not a file is a client route (history mode): answer the web client.
    app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (!isPage(req)) return next();
      page(req, res, next);
    });
  } else if (config.webDir) {
    new Logger('Web').warn(`no built web client in ${config.webDir}; run "npm run build" to serve it`);
  }
  return app;
}
