import { PERMISSIONS, type AccessKind } from '@forwarder/domain';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { API_PREFIX } from '../../config/app-config.js';
import { t } from '../../common/messages.js';
import { skipTake, toPage, type Page } from '../../common/pagination.js';
import { listRoutes, type RouteEntry } from '../../common/route-catalogue.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import type { SecurityListDto } from './security.dto.js';

const NAMES = new Map(PERMISSIONS.map((p) => [p.code as string, p]));

/** A row of `POST /security/list`: one API route with its access rule, read from the handler itself. */
export interface SecurityRow {
  method: string;
  path: string;
  /** Controller.method */
  handler: string;
  /** 'none' only for a handler without a rule, which the guard refuses */
  access: AccessKind | 'none';
  permissions: SecurityPermission[];
  /** the rule in words, in the request's language */
  note: string;
}

/** A permission code a route asks for, named, with the roles holding it. */
export interface SecurityPermission {
  code: string;
  name: string;
  nameEn: string;
  roles: { id: number; code: string; name: string; nameEn: string | null }[];
}

const codesOf = (route: RouteEntry): string[] => (route.access?.kind === 'permission' ? route.access.codes : []);

/**
 * The API security list: every route of the server with who may call it, read from the handlers' own
 * access decorators (so it cannot drift from what the guard enforces), and the roles holding each code.
 */
@Injectable()
export class SecurityService {
  private routes?: RouteEntry[];

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly prisma: PrismaService,
  ) {}

  async list(query: SecurityListDto): Promise<Page<SecurityRow>> {
    const path = query.path?.trim().toLowerCase();
    const code = query.permission?.trim().toLowerCase();
    const matching = this.allRoutes().filter(
      (route) =>
        (!path || route.path.toLowerCase().includes(path)) &&
        (!query.method || route.method === query.method) &&
        (!query.access || route.access?.kind === query.access) &&
        (!code || codesOf(route).some((c) => c.toLowerCase().includes(code))),
    );
    const { skip, take } = skipTake(query);
    const page = matching.slice(skip, skip + take);
    const holdings = await this.prisma.db.rolePermission.findMany({
      where: { permissionCode: { in: [...new Set(page.flatMap(codesOf))] } },
      select: { permissionCode: true, role: { select: { id: true, code: true, name: true, nameEn: true } } },
      orderBy: [{ role: { sort: 'asc' } }, { roleId: 'asc' }],
    });
    const rolesOf = (permissionCode: string) => holdings.filter((h) => h.permissionCode === permissionCode).map((h) => h.role);
    return toPage(
      page.map((route) => ({
        method: route.method,
        path: route.path,
        handler: `${route.controller}.${route.handler}`,
        access: route.access?.kind ?? 'none',
        permissions: codesOf(route).map((c) => ({ code: c, name: NAMES.get(c)?.name ?? c, nameEn: NAMES.get(c)?.nameEn ?? c, roles: rolesOf(c) })),
        note: this.note(route),
      })),
      matching.length,
      query,
    );
  }

  private note(route: RouteEntry): string {
    switch (route.access?.kind) {
      case 'public':
        return t('securityPublicNote');
      case 'signedIn':
        return t('securitySignedInNote');
      case 'permission':
        return t('securityPermissionNote');
      case 'customer':
        return t('securityCustomerNote');
      default:
        // The guard refuses a handler without a rule (and a platform test forbids one).
        return t('forbidden');
    }
  }

  /** Read once, on first use: by then every controller is in place, and routes do not change at run time. */
  private allRoutes(): RouteEntry[] {
    return (this.routes ??= listRoutes(this.applicationContext(), API_PREFIX));
  }

  /** listRoutes only asks the application for framework services (discovery, scanner, reflector); ModuleRef finds them. */
  private applicationContext(): INestApplicationContext {
    return { get: (token: unknown) => this.moduleRef.get(token as never, { strict: false }) } as unknown as INestApplicationContext;
  }
}
