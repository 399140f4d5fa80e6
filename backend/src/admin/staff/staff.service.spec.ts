// Staff administration against a real database (the medium tier, test/medium.ts): the fields a record must
// keep (unique account and shipping marks, an existing unit and roles), what only a super administrator may
// do to another, what nobody may do to themselves, and what each change does to the user's sessions.
import { DEMO_PASSWORDS } from '@forwarder/domain';
import bcrypt from 'bcryptjs';
import { useMedium } from '../../../test/medium.js';
import { t } from '../../common/messages.js';
import { LoginAttemptsService } from '../../auth/login-attempts.service.js';
import type { AddStaffDto, UpdateStaffDto } from './staff.dto.js';
import { StaffService } from './staff.service.js';

describe('StaffService: staff records (medium)', () => {
  const { m, admin, staff, attempts } = useMedium({ admin: 'admin' }, { staff: StaffService, attempts: LoginAttemptsService });
  let n = 0;
  const ids = async () => ({
    orgId: (await m.prisma.db.org.findFirstOrThrow({ orderBy: { id: 'asc' } })).id,
    roleIds: [(await m.prisma.db.role.findUniqueOrThrow({ where: { code: 'salesman' } })).id],
  });
  const form = async (fields: Partial<AddStaffDto> = {}): Promise<AddStaffDto> => ({
    account: `staff-${++n}`,
    password: 'Staff#Pass1',
    jobNo: `J${n}`,
    fullName: `员工${n}`,
    ...(await ids()),
    ...fields,
  });
  /** The edit form of a colleague as the screen fills it from their record, with `fields` changed. */
  const editOf = async (id: number, fields: Partial<UpdateStaffDto> = {}): Promise<UpdateStaffDto> => {
    const { account: _account, ...detail } = await staff.detail(id);
    return { ...detail, jobNo: detail.jobNo ?? '', orgId: detail.orgId ?? (await ids()).orgId, ...fields };
  };
  const reload = (id: number) => m.prisma.db.user.findUniqueOrThrow({ where: { id } });
  /** A user administrator who is no super administrator. */
  const userAdmin = async () => ({ ...(await m.principal('manager01')), isSuperAdmin: false });
  const liveSession = (userId: number) =>
    m.prisma.db.authSession.create({
      data: { id: `s-${userId}-${++n}`, userId, refreshJti: `j-${n}`, refreshExpiresAt: new Date(Date.now() + 3_600_000) },
    });
  const endReasons = async (userId: number) => (await m.prisma.db.authSession.findMany({ where: { userId } })).map((s) => s.endReason);

  it('adds a colleague who must change the chosen password at the first sign-in', async () => {
    const dto = await form({ peerLabel: 'PEER-A' });
    const id = await staff.add(dto);
    const row = await reload(id);
    expect(row).toMatchObject({ account: dto.account, fullName: dto.fullName, mustChangePassword: true, peerLabel: 'PEER-A', email: null, enabled: true });
    expect(await bcrypt.compare('Staff#Pass1', row.passwordHash)).toBe(true);
    expect((await staff.detail(id)).roleIds).toEqual(dto.roleIds);
  });

  it('refuses, all at once, a taken account in any case, a shipping mark another colleague uses, and a missing unit or role', async () => {
    const holder = await staff.add(await form({ directLabel: 'MARK-B' }));
    const holderName = (await reload(holder)).fullName;
    const taken = (await reload(holder)).account.toUpperCase();
    await expect(staff.add(await form({ account: taken, peerLabel: 'mark-b', orgId: 987_654, roleIds: [987_655] }))).rejects.toMatchObject({
      fields: {
        account: [t('accountTaken')],
        peerLabel: [t('labelTaken', { name: holderName })],
        orgId: [t('orgNotFound')],
        roleIds: [t('roleNotFound', { ids: '987655' })],
      },
    });
    // a record keeps its own mark on edit
    await staff.update(await editOf(holder, { directLabel: 'MARK-B' }), admin);
  });

  it('refuses a published password outside the demo only; here, the demo, it is taken', async () => {
    const id = await staff.add(await form({ password: DEMO_PASSWORDS.staff }));
    expect((await reload(id)).mustChangePassword).toBe(true);
  });

  it('saves an edit on the current ver and replaces the roles', async () => {
    const id = await staff.add(await form());
    const before = await editOf(id);
    const operator = (await m.prisma.db.role.findUniqueOrThrow({ where: { code: 'operator' } })).id;
    await staff.update({ ...before, fullName: '改名', roleIds: [operator] }, admin);
    expect(await staff.detail(id)).toMatchObject({ fullName: '改名', roleIds: [operator], ver: before.ver + 1 });
    await expect(staff.update(before, admin)).rejects.toMatchObject({ status: 409 });
  });

  it('leaves a super administrator to super administrators: edit, disable, password and unlock', async () => {
    const actor = await userAdmin();
    const target = await editOf(admin.userId);
    await expect(staff.update(target, actor)).rejects.toMatchObject({ status: 403 });
    await expect(staff.setStatus({ id: admin.userId, enabled: false, ver: target.ver }, actor)).rejects.toMatchObject({ status: 403 });
    await expect(staff.resetPassword({ id: admin.userId, newPassword: 'Other#Pass1' }, actor)).rejects.toMatchObject({ status: 403 });
    await expect(staff.unlock(admin.userId, actor)).rejects.toMatchObject({ status: 403 });
    await expect(staff.remove(admin.userId, actor)).rejects.toMatchObject({ key: 'staffCannotDeleteSuperAdmin' });
    expect((await reload(admin.userId)).enabled).toBe(true);
  });

  it('lets nobody disable or delete themselves', async () => {
    const me = await staff.detail(admin.userId);
    await expect(staff.setStatus({ id: admin.userId, enabled: false, ver: me.ver }, admin)).rejects.toMatchObject({ key: 'staffCannotDisableSelf' });
    await expect(staff.remove(admin.userId, admin)).rejects.toMatchObject({ key: 'staffCannotDeleteSelf' });
  });

  it('signs out a disabled colleague, and a deleted one, who then leaves the lists', async () => {
    const disabled = await staff.add(await form());
    await liveSession(disabled);
    await staff.setStatus({ id: disabled, enabled: false, ver: (await reload(disabled)).ver }, admin);
    expect(await endReasons(disabled)).toEqual(['disabled']);
    expect((await staff.take((await reload(disabled)).account)).map((s) => s.id)).toEqual([]);

    const deleted = await staff.add(await form());
    await liveSession(deleted);
    await staff.remove(deleted, admin);
    expect(await endReasons(deleted)).toEqual(['deleted']);
    expect((await reload(deleted)).deletedAt).not.toBeNull();
    await expect(staff.detail(deleted)).rejects.toMatchObject({ status: 404 });
    expect((await staff.list({ account: (await reload(deleted)).account, pageIndex: 1, pageSize: 10 })).totalCount).toBe(0);
    // its account stays taken
    await expect(staff.add(await form({ account: (await reload(deleted)).account }))).rejects.toMatchObject({ fields: { account: [t('accountTaken')] } });
  });

  it('resets a password to be changed at the next sign-in, lifting the locks and ending the sessions', async () => {
    const id = await staff.add(await form());
    const { account } = await reload(id);
    await m.prisma.db.user.update({ where: { id }, data: { mustChangePassword: false } });
    for (let i = 0; i < 5; i++) await attempts.fail({ account, ip: '10.60.0.1', userId: id });
    await expect(attempts.admit({ account, ip: '10.60.0.1', userId: id })).rejects.toMatchObject({ status: 423 });
    expect((await staff.list({ account, pageIndex: 1, pageSize: 10 })).items[0].signInLockedUntil).not.toBeNull();
    await liveSession(id);
    await staff.resetPassword({ id, newPassword: 'Reset#Pass1' }, admin);
    const row = await reload(id);
    expect(row.mustChangePassword).toBe(true);
    expect(await bcrypt.compare('Reset#Pass1', row.passwordHash)).toBe(true);
    expect(await endReasons(id)).toEqual(['password']);
    await attempts.admit({ account, ip: '10.60.0.1', userId: id });
  });

  it('offers as assignable only active operators and customer service', async () => {
    const operatorRole = (await m.prisma.db.role.findUniqueOrThrow({ where: { code: 'operator' } })).id;
    const worker = await staff.add(await form({ fullName: '可分配操作员', roleIds: [operatorRole] }));
    const seller = await staff.add(await form({ fullName: '可分配销售' }));
    const found = (await staff.assignable('可分配')).map((s) => s.id);
    expect(found).toEqual([worker]);
    await staff.setStatus({ id: worker, enabled: false, ver: (await reload(worker)).ver }, admin);
    expect(await staff.assignable('可分配')).toEqual([]);
    expect((await staff.take('可分配')).map((s) => s.id)).toEqual([seller]);
  });
});
