// the area's messages, registered when loaded
import './finance.messages.js';
// the rows of the operation log its users see, registered when loaded
import './finance-log-scopes.js';
import { Module } from '@nestjs/common';
import { SerialModule } from '../core/serial/serial.module.js';
import { FilesModule } from '../files/files.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { AnalysisService } from './analysis.service.js';
import { ChargesService } from './charges.service.js';
import { CommissionService } from './commission.service.js';
import { CostImportService } from './cost-import.service.js';
import { FinanceLookups } from './finance-lookups.service.js';
import { FinanceController } from './finance.controller.js';
import { OrderFinanceController } from './order-finance.controller.js';
import { OrderFiguresService } from './order-figures.service.js';
import { RecordsService } from './records.service.js';
import { ReportService } from './report.service.js';

/** Finance (docs/finance.md): expense and hand-in records, order charges and figures, arrears, commissions, inquiry, report, cost import. */
@Module({
  imports: [SerialModule, FilesModule, OrdersModule],
  controllers: [OrderFinanceController, FinanceController],
  providers: [FinanceLookups, OrderFiguresService, RecordsService, ChargesService, AnalysisService, CommissionService, ReportService, CostImportService],
})
export class FinanceModule {}
