import { Controller, Get } from '@nestjs/common';
import { CurrentUser, SignedIn, type Principal } from '../common/access.decorators.js';
import { WorkbenchChartsService } from './workbench-charts.service.js';

/** The workbench's charts (工作台): order volume per line and stage, arrears by age, monthly receivables and margin, in the caller's scope. */
@Controller('workbench')
export class WorkbenchChartsController {
  constructor(private readonly service: WorkbenchChartsService) {}

  /** The workbench's charts in the caller's scope: each chart the user's codes do not show is left out. */
  @SignedIn()
  @Get('charts')
  charts(@CurrentUser() user: Principal) {
    return this.service.charts(user);
  }
}
