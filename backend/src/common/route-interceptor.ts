import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Observable } from 'rxjs';

/**
 * An interceptor a decorator of common/ binds to the routes it marks (`UseInterceptors`), whose work an area's
 * global module provides under `token` (the idempotency keys, the export timer): common/ knows nothing of the
 * areas above it, and a route not marked runs with no interceptor at all (common/envelope.ts says why that
 * matters). Nest makes one per module of a marked route's controller, each handing the call to the provider.
 */
export function routeInterceptor(name: string, token: symbol): Type<NestInterceptor> {
  @Injectable()
  class RouteInterceptor implements NestInterceptor {
    constructor(@Inject(token) private readonly provided: NestInterceptor) {}

    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
      return this.provided.intercept(context, next);
    }
  }
  Object.defineProperty(RouteInterceptor, 'name', { value: name });
  return RouteInterceptor;
}
