import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { IdParam } from '../../common/params.js';
import { BeforePasswordChange, CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { ResourceController } from '../../common/resource-routes.js';
import { t } from '../../common/messages.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { AddStaffDto, ResetPasswordDto, StaffByRoleDto, StaffKeyDto, StaffListQueryDto, StaffRefDto, StaffStatusDto, UpdateStaffDto } from './staff.dto.js';
import { StaffService } from './staff.service.js';
import { STAFF_EXPORT_COLUMNS } from './staff-list-export.js';
import { StaffListExportDto } from './staff-list-export.dto.js';

/** The staff (员工管理, `/user/*`): accounts, their roles and status, pickers of colleagues, the signed-in user's own identity. */
@Controller('user')
export class StaffController extends ResourceController(StaffService, {
  list: { perm: ['staff:list'], body: StaffListQueryDto, summary: 'The staff, filtered by name, unit, role and status, a page at a time.' },
  add: { perm: ['staff:add'], body: AddStaffDto, summary: 'Adds a colleague; answers the new id.' },
  update: { perm: ['staff:modify'], body: UpdateStaffDto, summary: 'Edits a colleague: details, unit and roles.' },
  remove: { perm: ['staff:delete'], summary: "Deletes a colleague's account." },
}) {
  constructor(
    staff: StaffService,
    private readonly prisma: PrismaService,
  ) {
    super(staff);
  }

  /** The signed-in user's identity and grants, as the shell needs them after sign-in. */
  @SignedIn()
  @BeforePasswordChange()
  @Get('info/view')
  async infoView(@CurrentUser() user: Principal) {
    const labels = await this.prisma.db.user.findUniqueOrThrow({ where: { id: user.userId }, select: { peerLabel: true, directLabel: true } });
    return {
      id: user.userId,
      account: user.account,
      fullName: user.fullName,
      peerLabel: labels.peerLabel,
      directLabel: labels.directLabel,
      isSuperAdmin: user.isSuperAdmin,
      roleCodes: user.roleCodes,
      // The original client reads this misspelt name; the correctly spelt twin is for everything new.
      rermissionCodes: user.permissionCodes,
      permissionCodes: user.permissionCodes,
      // the shell opens the change-password dialog by itself, and nothing else, while this holds
      mustChangePassword: user.mustChangePassword,
    };
  }

  /** Read-only staff card (the user view dialog); any signed-in colleague may see it. */
  @SignedIn()
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.service.detail(id);
  }

  /** Unbinds the caller's own mini-program account. */
  @SignedIn()
  @Post('update/wechat/unbind')
  async unbindWechat(@CurrentUser() user: Principal) {
    await this.service.unbindWechat(user.userId);
    return new WithMessage(null, t('wechatUnbound'));
  }

  /** An administrator unbinds a colleague's mini-program account. */
  @Perm('staff:modify')
  @Post('update/wechat/unbind/:id')
  async unbindWechatOf(@IdParam() id: number) {
    await this.service.unbindWechat(id);
    return new WithMessage(null, t('wechatUnbound'));
  }

  /** Enables or disables a colleague's account (a disabled one is signed out). */
  @Perm('staff:status')
  @Post('update/status')
  async setStatus(@Body() dto: StaffStatusDto, @CurrentUser() user: Principal) {
    await this.service.setStatus(dto, user);
    return null;
  }

  /** Sets a new password for a colleague. */
  @Perm('staff:resetPwd')
  @Post('reset/password')
  async resetPassword(@Body() dto: ResetPasswordDto, @CurrentUser() user: Principal) {
    await this.service.resetPassword(dto, user);
    return new WithMessage(null, t('staffPasswordReset'));
  }

  /** 解除锁定: lifts a colleague's sign-in locks (the account's own and every address's) without a new password. */
  @Perm('staff:unlock')
  @Post('unlock')
  async unlock(@Body() dto: StaffRefDto, @CurrentUser() user: Principal) {
    await this.service.unlock(dto.id, user);
    return new WithMessage(null, t('staffUnlocked'));
  }

  /** Handler pickers everywhere: anyone signed in picks colleagues. */
  @SignedIn()
  @Post('list/take')
  take(@Body() dto: StaffKeyDto) {
    return this.service.take(dto.key);
  }

  /** The staff signed in now, with their live connections. */
  @Perm('staff:online')
  @Post('list/online')
  online() {
    return this.service.online();
  }

  /** Operators and customer service, the staff an order can be assigned to. */
  @SignedIn()
  @Post('list/assist')
  assist(@Body() dto: StaffKeyDto) {
    return this.service.assignable(dto.key);
  }

  /** The enabled staff holding a role (by its code), for pickers. */
  @SignedIn()
  @Post('list/role')
  withRole(@Body() dto: StaffByRoleDto) {
    return this.service.withRole(dto.roleCode);
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'staff', 'staff:list')
  exportList(@Body() dto: StaffListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'staff', dto, STAFF_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
