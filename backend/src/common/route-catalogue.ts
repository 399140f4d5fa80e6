import { RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_RULE, type AccessRule } from './access.decorators.js';

export interface RouteEntry {
  method: string;
  path: string;
  controller: string;
  handler: string;
  access: AccessRule | undefined;
}

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * Every API route of the server with the access rule its handler declares, read from the handlers'
 * own metadata: the source of the API security list and of the test that no route is left unguarded.
 */
export function listRoutes(app: INestApplicationContext, prefix: string): RouteEntry[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteEntry[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = [reflector.get<string | string[]>(PATH_METADATA, metatype) ?? ''].flat();
    const prototype = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const paths = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
      if (paths === undefined) continue;
      const method = RequestMethod[reflector.get<RequestMethod>(METHOD_METADATA, handler)];
      const access = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [handler, metatype]);
      for (const b of base) for (const p of [paths].flat()) routes.push({ method, path: join(prefix, b, p), controller: metatype.name, handler: name, access });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
