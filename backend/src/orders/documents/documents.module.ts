// the area's messages, registered when loaded
import './documents.messages.js';
import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders.module.js';
import { LabelsService } from './labels.service.js';
import { OrderDocumentsController } from './order-documents.controller.js';
import { OrderDocumentsService } from './order-documents.service.js';
import { ScImportService } from './sc-import.service.js';

/** Order documents (docs/order-documents.md): waybills, bills of lading, labels, exports and the shipping information import. */
@Module({
  imports: [OrdersModule],
  controllers: [OrderDocumentsController],
  providers: [OrderDocumentsService, LabelsService, ScImportService],
})
export class OrderDocumentsModule {}
