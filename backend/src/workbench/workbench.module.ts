import { Module } from '@nestjs/common';
import { NoticeModule } from '../admin/notice/notice.module.js';
import { IssueBoardModule } from '../orders/issue-board/issue-board.module.js';
import { WorkbenchChartsController } from './workbench-charts.controller.js';
import { WorkbenchChartsService } from './workbench-charts.service.js';
import { WorkbenchController } from './workbench.controller.js';
import { WorkbenchService } from './workbench.service.js';

/** The home page (/index). */
@Module({
  imports: [NoticeModule, IssueBoardModule],
  controllers: [WorkbenchController, WorkbenchChartsController],
  providers: [WorkbenchService, WorkbenchChartsService],
})
export class WorkbenchModule {}
