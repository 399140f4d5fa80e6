import { Controller, Get, Param, ParseIntPipe, Post } from '@nestjs/common';
import { CurrentUser, SignedIn, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { StaffService } from './staff.service.js';

@Controller('user')
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly prisma: PrismaService,
  ) {}

  /** The signed-in user's identity and grants, as the shell needs them after sign-in. */
  @SignedIn()
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
    };
  }

  /** Read-only staff card (the user view dialog); any signed-in colleague may see it. */
  @SignedIn()
  @Get('detail/:id')
  detail(@Param('id', ParseIntPipe) id: number) {
    return this.staff.detail(id);
  }

  @SignedIn()
  @Post('update/wechat/unbind')
  async unbindWechat(@CurrentUser() user: Principal) {
    await this.staff.unbindWechat(user.userId);
    return new WithMessage(null, t('wechatUnbound'));
  }
}
