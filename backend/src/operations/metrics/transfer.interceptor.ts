import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { MetricsService } from './metrics.service.js';
import { TRANSFER, type TransferLabels } from '../../common/transfer.decorator.js';

/**
 * Times the handlers marked @Transfer (common/transfer.decorator.ts, which binds this interceptor to them) up to
 * the end of their answer: a streamed export is done when its last byte has left (or its client went away), not
 * when the handler returns. Refused calls are not counted, except imports refused for their workbook's size or a
 * busy server (xlsx_import_refusals_total).
 */
@Injectable()
export class TransferInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly metrics: MetricsService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const labels = this.reflector.get<TransferLabels | undefined>(TRANSFER, context.getHandler());
    if (labels) {
      const res = context.switchToHttp().getResponse<Response>();
      const end = this.metrics.startTransfer(labels);
      res.once('close', () => {
        if (res.statusCode < 400) end();
        // what bounds the imports (docs/operations.md, Imports): bombs and crowds show here
        else if (labels.kind === 'import' && (res.statusCode === 413 || res.statusCode === 429)) this.metrics.refusedImport(labels.name, res.statusCode);
      });
    }
    return next.handle();
  }
}
