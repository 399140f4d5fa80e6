import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error.js';
import { PrismaService } from '../../prisma/prisma.service.js';

export interface StaffDetail {
  id: number;
  jobNo: string | null;
  account: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  contactUs: string | null;
  peerLabel: string | null;
  directLabel: string | null;
  duty: string | null;
  orgId: number | null;
  roleIds: number[];
  ver: number;
}

@Injectable()
export class StaffService {
  constructor(private readonly prisma: PrismaService) {}

  async detail(id: number): Promise<StaffDetail> {
    const user = await this.prisma.db.user.findFirst({
      where: { id, deletedAt: null },
      include: { roles: { select: { roleId: true } } },
    });
    if (!user) throw AppError.notFound();
    return {
      id: user.id,
      jobNo: user.jobNo,
      account: user.account,
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      contactUs: user.contactUs,
      peerLabel: user.peerLabel,
      directLabel: user.directLabel,
      duty: user.duty,
      orgId: user.orgId,
      roleIds: user.roles.map((r) => r.roleId),
      ver: user.ver,
    };
  }

  async unbindWechat(userId: number) {
    await this.prisma.db.user.update({ where: { id: userId }, data: { wechatOpenId: null, ver: { increment: 1 } } });
  }
}
