import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RATE_STORE, type RateStore } from '../../auth/rate-store.js';
import { langFromHeader, type Lang } from '../../common/request-context.js';
import { SettingsService } from '../../settings/settings.service.js';
import { notFoundPage, tooManyPage, publicTrackingPage } from './public-tracking-page.js';
import { PublicTrackingService } from './public-tracking.service.js';

/**
 * GET /t/{token}: the public tracking page, outside the API and without sign-in (mounted by app.factory).
 * Limited per client address (security.publicPerIpPerMinute, counted where the sign-in limits are: in
 * Redis when configured), one "not found" for every token that opens nothing, never cached, not indexed.
 */
@Injectable()
export class PublicTrackingRoute {
  constructor(
    private readonly tracking: PublicTrackingService,
    private readonly settings: SettingsService,
    @Inject(RATE_STORE) private readonly rates: RateStore,
  ) {}

  handler(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      this.serve(req, res).catch(next);
    };
  }

  private async serve(req: Request, res: Response) {
    const token = req.path.replace(/^\//, '');
    const lang: Lang = req.query.lang === 'en' ? 'en' : req.query.lang === 'zh' ? 'zh' : langFromHeader(req.headers['accept-language']);
    const switchTo = `?lang=${lang === 'en' ? 'zh' : 'en'}`;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.type('html');
    const hits = await this.rates.hit(`tracking:${req.ip ?? ''}`, 60_000);
    if (hits > (await this.settings.get('security.publicPerIpPerMinute'))) {
      res.setHeader('Retry-After', '60');
      res.status(429).send(tooManyPage(lang, switchTo));
      return;
    }
    const view = await this.tracking.publicView(token);
    if (!view) res.status(404).send(notFoundPage(lang, switchTo));
    else res.status(200).send(publicTrackingPage(view, lang, switchTo));
  }
}
