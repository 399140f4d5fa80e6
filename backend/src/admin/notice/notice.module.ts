import { Module } from '@nestjs/common';
import { AccountAlertNotices } from './account-alert-notices.js';
import { NoticeController } from './notice.controller.js';
import { NoticeService } from './notice.service.js';

@Module({ controllers: [NoticeController], providers: [NoticeService, AccountAlertNotices], exports: [NoticeService] })
export class NoticeModule {}
