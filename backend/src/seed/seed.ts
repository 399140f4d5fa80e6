import { isPublishedPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PERMISSIONS } from '@forwarder/domain';
import bcrypt from 'bcryptjs';
import { randomInt } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';
import { INSTALL_MODE_KEY, installModeOf, type InstallMode } from '../settings/install-mode.js';
import { MENU_TREE, SHIP_LINES, type MenuSeed } from './menus.js';
import { DICT_SEEDS, ORG_SEEDS, ROLE_SEEDS, SERIAL_SEEDS, STAFF_SEEDS } from './roles.js';

const PASSWORD_ROUNDS = 10;

export interface SeedOptions {
  /** progress lines */
  log?: (line: string) => void;
  /** the environment deciding the mode of an empty database and the administrator's password */
  env?: NodeJS.ProcessEnv;
  /**
   * Where the administrator's generated password is told, once: the terminal of the first start (stdout),
   * never the server log, whose lines are kept.
   */
  announce?: (text: string) => void;
  /**
   * bcrypt's cost for the staff's password hashes (PASSWORD_ROUNDS unless given). Only the test harness gives
   * less (test/database.ts): its template's demo staff sign in again in every suite, and a sign-in compares
   * at the cost its hash was made with.
   */
  passwordRounds?: number;
}

/**
 * Loads the seed. Idempotent: reference data (permissions, ship types, menus, roles' grants) is brought to
 * its seeded state; staff, organisation units and dictionaries are only created when missing, so a second
 * run never overwrites what users changed (passwords included).
 *
 * The installation's mode (settings/install-mode.ts) is stored by the first run and followed by every
 * later one: in demo mode the demo staff are created with their published passwords; in production mode
 * the administrator alone, with ADMIN_PASSWORD or a generated password announced once, to be changed at
 * the first sign-in.
 */
export async function seedDatabase(
  db: PrismaClient,
  { log = () => {}, env = process.env, announce = (text) => process.stdout.write(text), passwordRounds = PASSWORD_ROUNDS }: SeedOptions = {},
) {
  const mode = await storedInstallMode(db, env);
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

  for (const staff of mode === 'demo' ? STAFF_SEEDS : STAFF_SEEDS.filter((s) => 'isSuperAdmin' in s)) {
    if (await db.user.findUnique({ where: { account: staff.account } })) continue;
    const password = mode === 'demo' ? { value: staff.password, generated: false } : administratorPassword(env);
    await db.user.create({
      data: {
        account: staff.account,
        passwordHash: await bcrypt.hash(password.value, passwordRounds),
        // outside demo mode the password was set here, not by its owner
        mustChangePassword: mode !== 'demo',
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
    if (password.generated) announce(generatedPasswordNotice(staff.account, password.value));
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
  log(mode === 'demo' ? 'demo data loaded' : 'seed loaded (production mode: the administrator only)');
}

/** The mode stored by an earlier run; on the first run the environment's, stored now. */
async function storedInstallMode(db: PrismaClient, env: NodeJS.ProcessEnv): Promise<InstallMode> {
  const row = await db.systemSetting.findUnique({ where: { key: INSTALL_MODE_KEY } });
  const mode = installModeOf(row?.value, env);
  if (!row) {
    await db.systemSetting.create({
      data: { key: INSTALL_MODE_KEY, value: mode, valueType: 'string', groupName: 'install', label: '安装模式', labelEn: 'Installation mode' },
    });
  }
  return mode;
}

/** Letters and digits a person can read back from a terminal without mistaking one for another. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * The administrator's first password outside demo mode: ADMIN_PASSWORD (within the password rules, never a
 * published one), else 20 random readable characters (about 116 bits).
 */
function administratorPassword(env: NodeJS.ProcessEnv): { value: string; generated: boolean } {
  const given = env.ADMIN_PASSWORD;
  if (given) {
    if (given.length < PASSWORD_MIN_LENGTH || given.length > PASSWORD_MAX_LENGTH) {
      throw new Error(`ADMIN_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
    }
    if (isPublishedPassword(given)) throw new Error('ADMIN_PASSWORD is a published demo password: choose another');
    return { value: given, generated: false };
  }
  const value = Array.from({ length: PASSWORD_MAX_LENGTH }, () => READABLE[randomInt(READABLE.length)]).join('');
  return { value, generated: true };
}

function generatedPasswordNotice(account: string, password: string): string {
  return [
    '',
    '  ************************************************************************',
    `  The administrator's account: ${account}   password: ${password}`,
    '  Shown this once and written nowhere else: note it now. The first sign-in',
    '  asks for a new password (修改密码); afterwards the avatar menu changes it.',
    '  Lost before the first sign-in: db:reset with ADMIN_PASSWORD set.',
    '  ************************************************************************',
    '',
    '',
  ].join('\n');
}
