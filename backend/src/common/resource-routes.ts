import type { PermissionCode } from '@forwarder/domain';
import { Body, Delete, Get, Post, Put, type Type } from '@nestjs/common';
import { PARAMTYPES_METADATA } from '@nestjs/common/constants.js';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentUser, Perm, type Principal } from './access.decorators.js';
import { Idempotent } from './idempotent.js';
import { IdParam } from './params.js';

/**
 * The standard handlers of an administered resource, with the same route and the same body in every area
 * that has them. Each one hands its argument and the caller to the service method of its name and answers
 * what that returns (a service that does not scope by the caller leaves the second parameter out).
 */
const STANDARD = {
  list: { route: () => Post('list'), takesBody: true },
  detail: { route: () => Get('detail/:id'), takesBody: false },
  // a create: a client may retry it under its Idempotency-Key
  add: { route: () => Put('add'), takesBody: true, idempotent: true },
  update: { route: () => Post('update'), takesBody: true },
  remove: { route: () => Delete('delete/:id'), takesBody: false },
} as const satisfies Record<string, { route: () => MethodDecorator; takesBody: boolean; idempotent?: true }>;

type Standard = typeof STANDARD;
type Codes = [PermissionCode, ...PermissionCode[]];
type StandardHandler = keyof Standard;

/** What the service offers for the handlers a controller takes: a body DTO or a record id, then the caller. */
type ServiceFor<K extends StandardHandler> = { [N in K]: (arg: Standard[N]['takesBody'] extends true ? never : number, caller: Principal) => unknown };

/**
 * Per handler: the permission codes it asks (any one of them), for a body the DTO class the validation pipe
 * checks it against, and the contract's summary where the route needs one (what a declared handler's doc comment gives).
 */
type RoutesOf<S extends ServiceFor<K>, K extends StandardHandler> = {
  [N in K]: { perm: Codes; summary?: string } & (Standard[N]['takesBody'] extends true ? { body: Type<Parameters<S[N]>[0]> } : unknown);
};

type Handlers<S extends ServiceFor<K>, K extends StandardHandler> = {
  [N in K]: (arg: Parameters<S[N]>[0], caller: Principal) => ReturnType<S[N]>;
};

/** The resource's service, for the controller's own handlers too. */
abstract class ResourceBase<S> {
  constructor(protected readonly service: S) {}
}

/**
 * A base class giving a controller the standard handlers it names, each with its own permission codes:
 *
 *   `@Controller('port') class PortsController extends ResourceController(PortsService, { list: { perm: ['port:list'], body: ListPortsDto }, … })`
 *
 * Nest, the route catalogue and Swagger find the inherited handlers as they find declared ones, and the
 * contract (openapi/contract.ts) describes their answers from the service methods' return types. The
 * controller declares its other handlers itself, using `this.service`; a standard route whose call
 * differs (another argument, another answer) is left out of the list and declared in full.
 */
export function ResourceController<S extends ServiceFor<K>, K extends StandardHandler>(service: Type<S>, routes: RoutesOf<S, K>) {
  class Resource extends ResourceBase<S> {}
  const prototype = Resource.prototype as unknown as Record<string, unknown>;
  for (const name of Object.keys(routes) as K[]) {
    const spec: { perm: Codes; summary?: string; body?: Type } = routes[name];
    const standard: { route: () => MethodDecorator; takesBody: boolean; idempotent?: true } = STANDARD[name];
    const { route, takesBody } = standard;
    // a method literal, so that the function's name is the handler's (Swagger's operationId reads it)
    const { [name]: handler } = {
      [name](this: Resource, arg: unknown, caller: Principal) {
        return (this.service as Record<K, (arg: unknown, caller: Principal) => unknown>)[name](arg, caller);
      },
    };
    prototype[name] = handler;
    // what TypeScript would emit for the declared parameters: the ValidationPipe and Swagger read the body's DTO class from it
    Reflect.defineMetadata(PARAMTYPES_METADATA, [takesBody ? spec.body : Number, Object], Resource.prototype, name);
    (takesBody ? Body() : IdParam())(Resource.prototype, name, 0);
    CurrentUser()(Resource.prototype, name, 1);
    const descriptor = Object.getOwnPropertyDescriptor(Resource.prototype, name)!;
    Perm(...spec.perm)(Resource.prototype, name, descriptor);
    route()(Resource.prototype, name, descriptor);
    if (standard.idempotent) Idempotent()(Resource.prototype, name, descriptor);
    if (spec.summary) ApiOperation({ summary: spec.summary })(Resource.prototype, name, descriptor);
  }
  Reflect.defineMetadata(PARAMTYPES_METADATA, [service], Resource);
  return Resource as unknown as new (service: S) => ResourceBase<S> & Handlers<S, K>;
}
