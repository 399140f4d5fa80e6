import { PERMISSIONS } from '@forwarder/domain';
import bcrypt from 'bcryptjs';
import type { PrismaClient } from '../generated/prisma/client.js';
import { MENU_TREE, SHIP_LINES, type MenuSeed } from './menus.js';
import { DICT_SEEDS, ORG_SEEDS, ROLE_SEEDS, SERIAL_SEEDS, STAFF_SEEDS } from './roles.js';

const PASSWORD_ROUNDS = 10;

/**
 * Loads the demo data. Idempotent: reference data (permissions, ship types, menus, roles' grants) is
 * brought to its seeded state; staff, organisation units and dictionaries are only created when missing,
 * so a second run never overwrites what users changed (passwords included).
 */
export async function seedDatabase(db: PrismaClient, log: (line: string) => void = () => {}) {
  for (const p of PERMISSIONS) {
    await db.permission.upsert({ where: { code: p.code }, create: p, update: { name: p.name, nameEn: p.nameEn, area: p.area, sort: p.sort } });
  }
  for (const [sort, line] of SHIP_LINES.entries()) {
    const data = { value: line.value, text: line.text, textEn: line.textEn, sort };
    await db.shipType.upsert({ where: { id: line.id }, create: { id: line.id, ...data }, update: data });
  }

  const menuIds = new Map<string, number>();
  const descendants = new Map<string, number[]>();
  // a role granted a menu deep in the tree also gets the directories above it (else the sidebar cannot reach it)
  const ancestors = new Map<string, number[]>();
  const seedMenu = async (menu: MenuSeed, parentId: number | null, sort: number): Promise<number[]> => {
    const data = {
      parentId,
      type: menu.type ?? 'menu',
      path: menu.path,
      component: menu.component ?? (menu.type === 'directory' ? 'Layout' : null),
      redirect: menu.redirect ?? null,
      title: menu.title,
      titleEn: menu.titleEn,
      icon: menu.icon ?? null,
      sort,
      hidden: menu.hidden ?? false,
      noClosable: menu.noClosable ?? false,
      roleGuard: menu.roleGuard ?? [],
      permission: menu.permission ?? null,
    };
    const row = await db.menu.upsert({ where: { name: menu.name }, create: { name: menu.name, ...data }, update: data });
    menuIds.set(menu.name, row.id);
    ancestors.set(menu.name, parentId === null ? [] : [parentId, ...(ancestors.get([...menuIds].find(([, id]) => id === parentId)![0]) ?? [])]);
    const ids = [row.id];
    for (const [i, child] of (menu.children ?? []).entries()) ids.push(...(await seedMenu(child, row.id, (i + 1) * 10)));
    descendants.set(menu.name, ids);
    return ids;
  };
  for (const [i, menu] of MENU_TREE.entries()) await seedMenu(menu, null, (i + 1) * 10);

  const orgIds = new Map<string, number>();
  for (const [sort, org] of ORG_SEEDS.entries()) {
    const parentId = org.parent ? orgIds.get(org.parent)! : null;
    const existing = await db.org.findFirst({ where: { name: org.name, parentId } });
    const row = existing ?? (await db.org.create({ data: { name: org.name, nameEn: org.nameEn, type: org.type, parentId, sort } }));
    orgIds.set(org.key, row.id);
  }

  const roleIds = new Map<string, number>();
  for (const [sort, role] of ROLE_SEEDS.entries()) {
    const row = await db.role.upsert({
      where: { code: role.code },
      create: { code: role.code, name: role.name, nameEn: role.nameEn, sort },
      update: {},
    });
    roleIds.set(role.code, row.id);
    const existingGrants = await db.roleMenu.count({ where: { roleId: row.id } });
    if (existingGrants > 0) continue; // an administrator may have changed this role's grants: keep them
    const menus =
      role.menus === 'all'
        ? [...menuIds.values()]
        : [...new Set(role.menus.flatMap((name) => [...(ancestors.get(name) ?? []), ...(descendants.get(name) ?? [])]))];
    const codes = role.permissions === 'all' ? PERMISSIONS.map((p) => p.code) : [...new Set(role.permissions)];
    await db.roleMenu.createMany({ data: menus.map((menuId) => ({ roleId: row.id, menuId })), skipDuplicates: true });
    await db.rolePermission.createMany({ data: codes.map((permissionCode) => ({ roleId: row.id, permissionCode })), skipDuplicates: true });
  }

  for (const staff of STAFF_SEEDS) {
    if (await db.user.findUnique({ where: { account: staff.account } })) continue;
    await db.user.create({
      data: {
        account: staff.account,
        passwordHash: await bcrypt.hash(staff.password, PASSWORD_ROUNDS),
        fullName: staff.fullName,
        jobNo: staff.jobNo,
        duty: staff.duty,
        isSuperAdmin: 'isSuperAdmin' in staff ? staff.isSuperAdmin : false,
        peerLabel: 'peerLabel' in staff ? staff.peerLabel : null,
        directLabel: 'directLabel' in staff ? staff.directLabel : null,
        email: `${staff.account}@example.com`,
        orgId: orgIds.get(staff.org),
        roles: { create: [{ roleId: roleIds.get(staff.role)! }] },
      },
    });
    log(`created staff ${staff.account}`);
  }

  for (const dict of DICT_SEEDS) {
    if (await db.dictType.findUnique({ where: { dictCode: dict.dictCode } })) continue;
    await db.dictType.create({
      data: {
        dictCode: dict.dictCode,
        dictName: dict.dictName,
        dictNameEn: dict.dictNameEn,
        classify: dict.classify,
        // an item is [value, English label] (the Chinese label is the value) or [value, English, Chinese]
        items: {
          create: dict.items.map((item, sort) => ({ dictName: item[2] ?? item[0], dictNameEn: item[1], value: item[0], classify: dict.classify, sort })),
        },
      },
    });
  }
  for (const serial of SERIAL_SEEDS) {
    await db.serialSequence.upsert({ where: { code: serial.code }, create: serial, update: {} });
  }
  log('demo data loaded');
}
