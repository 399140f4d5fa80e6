import { RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_RULE, accessFor, type AccessRule, type DeclaredAccess } from './access.decorators.js';
import { pathChoicesOf, type PathChoices } from './params.js';

export interface RouteEntry {
  method: string;
  /** the URL: a choice parameter's value filled in (`/api/v1/order/upgrade/sail`) */
  path: string;
  /** the path as the handler declares it (`/api/v1/order/upgrade/:stage`), the router's pattern */
  route: string;
  /** the values each choice parameter of the handler takes (@ChoiceParam; none for most) */
  choices: PathChoices;
  controller: string;
  handler: string;
  access: AccessRule | undefined;
}

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Each combination of the choice parameters' values (one empty combination for a handler without any). */
const combinations = (choices: PathChoices): Record<string, string>[] =>
  Object.entries(choices).reduce<Record<string, string>[]>(
    (done, [name, values]) => done.flatMap((chosen) => values.map((value) => ({ ...chosen, [name]: value }))),
    [{}],
  );

/**
 * Every API route of the server with the access rule its handler declares, read from the handlers'
 * own metadata: the source of the API security list and of the test that no route is left unguarded.
 * A handler with choice parameters (@ChoiceParam) stands for one route per value, each with its own rule.
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
      const declared = reflector.getAllAndOverride<DeclaredAccess | undefined>(ACCESS_RULE, [handler, metatype]);
      const choices = pathChoicesOf(handler);
      for (const chosen of combinations(choices)) {
        const access = declared && accessFor(declared, chosen);
        for (const b of base) {
          for (const p of [paths].flat()) {
            const route = join(prefix, b, p);
            const path = route.replace(/:(\w+)/g, (param, key: string) => chosen[key] ?? param);
            routes.push({ method, path, route, choices, controller: metatype.name, handler: name, access });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
