// the area's messages, registered when loaded
import './notifications.messages.js';
import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { MailController } from './mail.controller.js';
import { MailOutboxService } from './mail-outbox.service.js';
import { MailSenderService } from './mail-sender.service.js';

/** Milestone e-mails to customers (docs/notifications.md): the outbox screen and the sender; the stage moves queue the mails (milestone-mail.ts). */
@Module({
  imports: [OrdersModule],
  controllers: [MailController],
  providers: [MailOutboxService, MailSenderService],
  exports: [MailSenderService],
})
export class NotificationsModule {}
