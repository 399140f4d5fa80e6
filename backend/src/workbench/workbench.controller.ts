import { Get, Controller } from '@nestjs/common';
import { CurrentUser, Perm, SignedIn, type Principal } from '../common/access.decorators.js';
import { WorkbenchService } from './workbench.service.js';

/** The workbench (工作台): the widgets the caller's codes allow and the latest orders. */
@Controller('workbench')
export class WorkbenchController {
  constructor(private readonly workbench: WorkbenchService) {}

  /** Widgets the user lacks the index:* code of are left out of the answer. */
  @SignedIn()
  @Get('summary')
  summary(@CurrentUser() user: Principal) {
    return this.workbench.summary(user);
  }

  /** 最近订单: the latest orders of the caller's order scope. */
  @Perm('order:list')
  @Get('recent-orders')
  recentOrders(@CurrentUser() user: Principal) {
    return this.workbench.recentOrders(user);
  }
}
