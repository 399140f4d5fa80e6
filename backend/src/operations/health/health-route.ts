import { Injectable } from '@nestjs/common';
import express, { type Response, type Router } from 'express';
import { HealthService } from './health.service.js';

/**
 * GET /api/health/live and /api/health/ready (mounted by app.factory at HEALTH_PATH): outside the API, for
 * compose's healthcheck, the load balancer and monitors. No sign-in, no envelope, no rate limit, no
 * request log; never cached. Live answers 200 while the process can serve or heals by itself, 503 when
 * something it owns is dead for good (HealthService.liveness: restart me); ready
 * answers 200 (ok or degraded) or 503 (fail) with what each check found (HealthService).
 */
@Injectable()
export class HealthRoute {
  constructor(private readonly health: HealthService) {}

  handler(): Router {
    const router = express.Router();
    router.get('/live', (_req, res) => {
      const liveness = this.health.liveness();
      answer(res, liveness.status === 'ok' ? 200 : 503, liveness);
    });
    router.get('/ready', (_req, res, next) => {
      this.health
        .readiness()
        .then((readiness) => answer(res, readiness.status === 'fail' ? 503 : 200, readiness))
        .catch(next);
    });
    return router;
  }
}

function answer(res: Response, status: number, body: object) {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json(body);
}
