import { MAIL_RETRYABLE } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error.js';
import { skipTake, toPage, type Page } from '../common/pagination.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { commonFilters, whereAll } from '../admin/log/log-sql.js';
import type { MailDetailView, MailLogQueryDto, MailLogView } from './mail.dto.js';
import { bodyForView } from './milestone-mail.js';

const COLUMNS = Prisma.sql`
  m.id, m.status, m.recipient, m.subject, m.order_id as "orderId", o.order_no as "orderNo", o.ship_type as "shipType", m.stage, m.customer_id as "customerId",
  c.company_name as "customerName", o.salesman_id as "salesmanId", u.full_name as "salesmanName", m.language, m.attempts,
  m.last_error as "lastError", m.next_attempt_at as "nextAttemptAt", m.sent_at as "sentAt", m.created_at as "createdAt", m.updated_at as "updatedAt"`;
const FROM = Prisma.sql`
  from mail_outbox m join orders o on o.id = m.order_id left join customer c on c.id = m.customer_id left join app_user u on u.id = o.salesman_id`;

/** The outbox screen (/log/mail): the milestone e-mails queued, sent, failed or kept for want of SMTP; one sent again on request. */
@Injectable()
export class MailOutboxService {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first; the time range applies to when the mail was queued. */
  async list(query: MailLogQueryDto): Promise<Page<MailLogView>> {
    const where = whereAll([
      ...commonFilters(query, {
        time: Prisma.sql`m.created_at`,
        user: Prisma.sql`o.salesman_id`,
        text: [Prisma.sql`m.recipient`, Prisma.sql`m.subject`, Prisma.sql`o.order_no`],
      }),
      query.status ? Prisma.sql`m.status = ${query.status}` : undefined,
    ]);
    const { skip, take } = skipTake(query);
    const [rows, [{ count }]] = await Promise.all([
      this.prisma.db.$queryRaw<MailLogView[]>`select ${COLUMNS} ${FROM} ${where} order by m.created_at desc, m.id desc limit ${take} offset ${skip}`,
      this.prisma.db.$queryRaw<{ count: number }[]>`select count(*)::int as "count" ${FROM} ${where}`,
    ]);
    return toPage(rows, count, query);
  }

  async detail(id: number): Promise<MailDetailView> {
    const [row] = await this.prisma.db.$queryRaw<(MailLogView & { sender: string; body: string })[]>`
      select ${COLUMNS}, m.sender, m.body ${FROM} where m.id = ${id}`;
    if (!row) throw new AppError(404, 'mailNotFound');
    return { ...row, body: bodyForView(row.body, row.language) };
  }

  /** A failed or unsent mail back in the queue, to be sent at the sender's next pass with a full set of attempts. */
  async retry(id: number): Promise<MailDetailView> {
    const moved = await this.prisma.db.mailOutbox.updateMany({
      where: { id, status: { in: [...MAIL_RETRYABLE] } },
      data: { status: 'queued', attempts: 0, nextAttemptAt: new Date() },
    });
    if (!moved.count) {
      if (!(await this.prisma.db.mailOutbox.count({ where: { id } }))) throw new AppError(404, 'mailNotFound');
      throw AppError.badRequest('mailNotRetryable');
    }
    return this.detail(id);
  }
}
