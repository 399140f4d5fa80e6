import { Inject, Injectable } from '@nestjs/common';
import express, { type Request, type Router } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorEnvelope } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MetricsService } from './metrics.service.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/metrics in Prometheus's text format, mounted by app.factory at METRICS_PATH only when
 * METRICS_TOKEN is set (otherwise the path is unknown: 404). The caller sends `Authorization: Bearer
 * <METRICS_TOKEN>`, compared in constant time; anything else is 401. No envelope, no request log.
 */
@Injectable()
export class MetricsRoute {
  private readonly token?: Buffer;

  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.token = config.metricsToken === undefined ? undefined : digest(config.metricsToken);
  }

  handler(): Router {
    const router = express.Router();
    router.get('/', (req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      if (!this.authorized(req)) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        const refusal: ErrorEnvelope = { success: false, code: 401, message: t('metricsTokenInvalid'), data: null, requestId: String(req.id) };
        res.status(401).json(refusal);
        return;
      }
      this.metrics.registry
        .metrics()
        .then((text) => res.type(this.metrics.registry.contentType).send(text))
        .catch(next);
    });
    return router;
  }

  private authorized(req: Request): boolean {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    // digests of equal length: the comparison takes as long whatever was sent
    return this.token !== undefined && given !== undefined && timingSafeEqual(digest(given), this.token);
  }
}
