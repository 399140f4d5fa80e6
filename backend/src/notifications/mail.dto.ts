import { MAIL_STATUSES, type MailLanguage, type MailStatus } from '@forwarder/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { LogQueryDto } from '../admin/log/log.dto.js';
import { ListExportOf } from '../common/list-export.js';
import { t } from '../common/messages.js';

/**
 * /log/mail: the outbox's filters. The common log filters apply to the time the mail was queued, its
 * order's salesman (the user), and the recipient, the subject or the order number (the text); and the status.
 */
export class MailLogQueryDto extends LogQueryDto {
  @Transform(({ value }) => (value === null || value === '' ? undefined : value))
  @IsOptional()
  @IsIn(MAIL_STATUSES, { message: () => t('mailStatusInvalid') })
  status?: MailStatus;
}

export class MailLogExportDto extends ListExportOf(MailLogQueryDto) {}

/** A mail of the outbox as the list shows it. */
export interface MailLogView {
  id: number;
  status: MailStatus;
  recipient: string;
  subject: string;
  orderId: number;
  orderNo: string;
  /** the order's line (its own words for the stage) */
  shipType: string;
  stage: string;
  customerId: number;
  customerName: string | null;
  salesmanId: number | null;
  salesmanName: string | null;
  language: MailLanguage;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One mail with its sender and text (the tracking link shown as made when sent). */
export interface MailDetailView extends MailLogView {
  sender: string;
  body: string;
}

/** What one pass of the sender did. */
export interface MailDrainResult {
  sent: number;
  retrying: number;
  failed: number;
  unsent: number;
}
