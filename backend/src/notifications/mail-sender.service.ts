import type { MailLanguage } from '@forwarder/domain';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import nodemailer from 'nodemailer';
import { AuditService } from '../audit/audit.service.js';
import { redactText } from '../common/redaction.js';
import { t } from '../common/messages.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PublicTrackingService } from '../orders/public-tracking/public-tracking.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type { MailDrainResult } from './mail.dto.js';
import { withTrackingLink } from './milestone-mail.js';

/** Whether this process takes part in sending the outbox (every few seconds); MAIL_OUTBOX_SCHEDULED=false turns it off, as tests do. */
export const readMailOutboxScheduled = (env: Record<string, string | undefined> = process.env) => env.MAIL_OUTBOX_SCHEDULED !== 'false';

/** How often the sender looks for mails due. */
export const MAIL_POLL_MS = 10_000;
/** Mails claimed at a time (each instance claims its own, others skip them). */
const BATCH = 20;
/** Attempts before a mail is given up as failed. */
export const MAIL_MAX_ATTEMPTS = 5;
/** How long a claim holds a mail: a sender that died mid-send leaves it to another after this. */
export const MAIL_LEASE_MS = 5 * 60_000;

/** The wait after the n-th failed attempt: 1, 2, 4, 8 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

interface Claimed {
  id: number;
  order_id: number;
  recipient: string;
  sender: string;
  subject: string;
  body: string;
  language: MailLanguage;
  attempts: number;
}

/**
 * Sends the outbox (docs/notifications.md) through SMTP_URL with nodemailer. Each pass claims the mails due
 * with `for update skip locked` (several server instances never take the same mail) under a lease, mints
 * each order's tracking link, sends, and records the outcome: sent; or queued again after an exponential
 * backoff; or failed after MAIL_MAX_ATTEMPTS. Without SMTP_URL nothing leaves the machine: mails due are
 * marked unsent (not sent: no SMTP configured) and stay in the outbox. Everything is in the database, so a
 * restart loses nothing (a mail claimed by a process that died is taken again when its lease ends).
 */
@Injectable()
export class MailSenderService implements OnModuleInit {
  private transport?: ReturnType<typeof createSmtpTransport>;
  private running?: Promise<MailDrainResult>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly tracking: PublicTrackingService,
    private readonly audit: AuditService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    if (!readMailOutboxScheduled()) return;
    const pass = () =>
      void this.drain().catch((error: Error) =>
        this.audit.recordError({ message: redactText(`mail outbox: ${error.message}`), stack: redactText(error.stack ?? '') }),
      );
    this.scheduler.addInterval('mail-outbox', setInterval(pass, MAIL_POLL_MS).unref());
  }

  /** One pass over the mails due at `now` (one at a time per process). */
  drain(now = new Date()): Promise<MailDrainResult> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(now: Date): Promise<MailDrainResult> {
    const result: MailDrainResult = { sent: 0, retrying: 0, failed: 0, unsent: 0 };
    if (!this.config.smtpUrl) {
      result.unsent = await this.prisma.base.$executeRaw`
        update mail_outbox set status = 'unsent', last_error = ${t('mailNoSmtp', {}, 'en')}, updated_at = ${now}
         where id in (select id from mail_outbox where status in ('queued', 'sending') and next_attempt_at <= ${now} for update skip locked)`;
      return result;
    }
    for (;;) {
      const claimed = await this.prisma.base.$queryRaw<Claimed[]>`
        update mail_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + MAIL_LEASE_MS)}, updated_at = ${now}
         where id in (select id from mail_outbox where status in ('queued', 'sending') and next_attempt_at <= ${now}
                       order by next_attempt_at, id limit ${BATCH} for update skip locked)
        returning id, order_id, recipient, sender, subject, body, language, attempts`;
      if (!claimed.length) return result;
      const links = await this.links(claimed.map((mail) => mail.order_id));
      // in the order they were queued (an update's returning has none of its own)
      for (const mail of claimed.sort((a, b) => a.id - b.id)) {
        const outcome = await this.send(mail, links.get(mail.order_id) ?? null, now);
        result[outcome]++;
      }
      if (claimed.length < BATCH) return result;
    }
  }

  /** Each order's public tracking link, minted now (a revoked link, or no PUBLIC_BASE_URL: none). */
  private async links(orderIds: number[]): Promise<Map<number, string>> {
    if (!this.tracking.linksConfigured) return new Map();
    const rows = await this.prisma.base.orderTrackingLink.findMany({
      where: { orderId: { in: [...new Set(orderIds)] }, revokedAt: null },
      select: { orderId: true, nonce: true, tokenHash: true },
    });
    const tokens = await this.tracking.tokens(rows);
    return new Map(
      [...tokens].flatMap(([orderId, token]) => {
        const url = this.tracking.publicUrl(token);
        return url ? [[orderId, url] as const] : [];
      }),
    );
  }

  private async send(mail: Claimed, link: string | null, now: Date): Promise<'sent' | 'retrying' | 'failed'> {
    try {
      await this.transporter().sendMail({
        from: mail.sender,
        to: mail.recipient,
        subject: mail.subject,
        text: withTrackingLink(mail.body, link, mail.language),
        headers: { 'X-Forwarder-Mail': String(mail.id) },
      });
      await this.prisma.base.mailOutbox.update({ where: { id: mail.id }, data: { status: 'sent', sentAt: new Date(), lastError: null } });
      return 'sent';
    } catch (error) {
      // an SMTP answer or a network error; the URL's password never reaches the row (nor any log)
      const lastError = redactText(error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const failed = mail.attempts >= MAIL_MAX_ATTEMPTS;
      await this.prisma.base.mailOutbox.update({
        where: { id: mail.id },
        data: failed ? { status: 'failed', lastError } : { status: 'queued', lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)) },
      });
      return failed ? 'failed' : 'retrying';
    }
  }

  private transporter() {
    this.transport ??= createSmtpTransport(this.config.smtpUrl!);
    return this.transport;
  }
}

/** The SMTP transport of SMTP_URL, with timeouts well inside the claim's lease. */
function createSmtpTransport(url: string) {
  return nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
}
