import { Injectable } from '@nestjs/common';
import type { IRouter, Response } from 'express';
import { HealthService } from './health.service.js';

/**
 * GET /api/health/live and /api/health/ready (registered by app.factory under HEALTH_PATH): outside the API, for
 * compose's healthcheck, the load balancer and monitors. No sign-in, no envelope, no rate limit, no
 * request log; never cached. Live answers 200 while the process can serve or heals by itself, 503 when
 * something it owns is dead for good (HealthService.liveness: restart me); ready
 * answers 200 (ok or degraded) or 503 (fail) with what each check found (HealthService).
 */
@Injectable()
export class HealthRoute {
  constructor(private readonly health: HealthService) {}

  /**
   * Registers the two routes on `router` as `base`/live and `base`/ready: routes of the application's own
   * router, not a router mounted at `base` (whose walk, prefix trimming and restoring every probe paid).
   */
  register(router: IRouter, base: string): void {
    router.get(`${base}/live`, (_req, res) => {
      const liveness = this.health.liveness();
      answer(res, liveness.status === 'ok' ? 200 : 503, liveness);
    });
    router.get(`${base}/ready`, (_req, res, next) => {
      this.health
        .readiness()
        .then((readiness) => answer(res, readiness.status === 'fail' ? 503 : 200, readiness))
        .catch(next);
    });
    // what Express answered to OPTIONS when they were a router of their own (its automatic answer, which the
    // application's router gives only when nothing after it answers, and /api's not-found does)
    router.options([`${base}/live`, `${base}/ready`], (_req, res) => {
      res.setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end('GET, HEAD');
    });
  }
}

/** Never cached: the security headers set Cache-Control: no-store on every answer under /api/ (HEALTH_PATH is). */
function answer(res: Response, status: number, body: object) {
  res.status(status).json(body);
}
