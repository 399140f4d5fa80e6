import { Controller, Post } from '@nestjs/common';
import { SignedIn } from '../../common/access.decorators.js';
import { PrismaService } from '../../prisma/prisma.service.js';

/** The shipping lines (smallbag, dedicatedline, airtransport). */
@Controller('order/enum')
export class ShipTypeController {
  constructor(private readonly prisma: PrismaService) {}

  /** The three shipping lines; `value` names the line's routes (value + "All" is its all-orders page). */
  @SignedIn()
  @Post('shipType')
  async shipTypes() {
    const rows = await this.prisma.db.shipType.findMany({ orderBy: { sort: 'asc' } });
    return rows.map((row) => ({ id: row.id, key: row.value, value: row.value, text: row.text, textEn: row.textEn }));
  }
}
