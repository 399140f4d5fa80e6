import {
  isPortalAccount,
  isPublishedPassword,
  PORTAL_PASSWORD_MAX_LENGTH,
  PORTAL_PASSWORD_MIN_LENGTH,
  portalAccountKey,
  portalOpenId,
} from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { AuthService, PASSWORD_ROUNDS, unknownAccountHash, type ClientInfo } from '../auth/auth.service.js';
import { LoginAttemptsService } from '../auth/login-attempts.service.js';
import { PortalSessions } from '../auth/portal-sessions.js';
import { ServerKeysService } from '../auth/server-keys.service.js';
import type { PortalPrincipal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { peekBindCode, useBindCode } from '../customers/customer-wechat.service.js';
import { Prisma } from '../generated/prisma/client.js';
import { HubService } from '../hub/hub.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { BindPreviewAnswer, PortalAccountAnswer, PortalBindDto, PortalLoginDto, PortalSessionAnswer } from './portal.dto.js';

/**
 * Portal accounts (docs/portal.md): binding one from a binding code, signing in and out, the account itself.
 * A bound portal account also stands in the staff's list of mini-program accounts (a customer_wechat row),
 * so the staff's online list, 强制下线 and unbinding work on it unchanged.
 */
@Injectable()
export class PortalAccountsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly keys: ServerKeysService,
    private readonly auth: AuthService,
    private readonly attempts: LoginAttemptsService,
    private readonly sessions: PortalSessions,
    private readonly settings: SettingsService,
    private readonly hub: HubService,
  ) {}

  /** What the code binds to, for the customer to confirm; the code stays unused. */
  async preview(code: string): Promise<BindPreviewAnswer> {
    const { customer, expiresAt } = await peekBindCode(this.prisma.db, code, 'bindCode');
    return { companyName: customer.companyName, customerCode: customer.code, expiresAt };
  }

  /**
   * Binds a new portal account with a binding code and signs it in. The input is checked first; the code
   * is used up in the transaction that makes the account, so a refused binding leaves it usable.
   */
  async bind(dto: PortalBindDto, client: ClientInfo): Promise<PortalSessionAnswer> {
    return this.bindWith({ ...dto, password: await this.keys.decryptLoginPayload(dto.password) }, client);
  }

  /** bind() once the password is decrypted (null: it could not be); the demo data binds its accounts here too. */
  async bindWith(dto: Omit<PortalBindDto, 'password'> & { password: string | null }, client: ClientInfo): Promise<PortalSessionAnswer> {
    const key = portalAccountKey(dto.account);
    const { password } = dto;
    const errors: Record<string, string[]> = {};
    if (!isPortalAccount(key)) errors.account = [t('portalAccountInvalid')];
    if (password === null) errors.password = [t('portalPasswordUnreadable')];
    else if (password.length < PORTAL_PASSWORD_MIN_LENGTH || password.length > PORTAL_PASSWORD_MAX_LENGTH)
      errors.password = [t('portalPasswordLength', { min: PORTAL_PASSWORD_MIN_LENGTH, max: PORTAL_PASSWORD_MAX_LENGTH })];
    if (password === null || Object.keys(errors).length) throw new FieldErrors(errors);
    await this.auth.refusePublished(password, 'password');
    const passwordHash = await bcrypt.hash(password, PASSWORD_ROUNDS);
    const account = await this.prisma.db
      .$transaction(async (tx) => {
        if (await tx.portalAccount.count({ where: { account: key } })) throw new FieldErrors({ account: [t('portalAccountTaken')] });
        const customer = await useBindCode(tx, dto.bindCode, portalOpenId(key), 'bindCode');
        const wechat = await tx.customerWechat.create({ data: { customerId: customer.id, openId: portalOpenId(key), nickname: dto.name } });
        return tx.portalAccount.create({ data: { customerId: customer.id, wechatId: wechat.id, name: dto.name, account: key, passwordHash } });
      })
      .catch((error: unknown) => {
        // two bindings of one account at once: the second meets the first's unique row
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new FieldErrors({ account: [t('portalAccountTaken')] });
        throw error;
      });
    return { ...(await this.sessions.start(account, client)), account: await this.me(account.id) };
  }

  /**
   * Signs in with the account and the RSA-encrypted password. A wrong account or password is one 400
   * (nothing tells which); failures are counted and locked per account and address as the staff's are.
   */
  async login(dto: PortalLoginDto, client: ClientInfo): Promise<PortalSessionAnswer> {
    const key = portalAccountKey(dto.account);
    // counted apart from staff accounts of the same name; no account row is locked (LoginAttemptsService)
    const attempt = { account: portalOpenId(key), ip: client.ip ?? '', userId: null };
    await this.attempts.admit(attempt);
    const password = await this.keys.decryptLoginPayload(dto.password);
    if (password === null) throw new FieldErrors({ password: [t('portalPasswordUnreadable')] });
    if (isPublishedPassword(password) && (await this.settings.installMode()) !== 'demo') {
      const counted = await this.attempts.fail(attempt);
      throw counted.key === 'loginFailed' ? AppError.badRequest('publishedPasswordRefused') : counted;
    }
    const dummy = await unknownAccountHash();
    const account = await this.prisma.db.portalAccount.findUnique({ where: { account: key } });
    const matches = await bcrypt.compare(password, account?.passwordHash ?? dummy);
    if (!account || !matches) throw await this.attempts.fail(attempt);
    await this.attempts.succeed(attempt);
    return { ...(await this.sessions.start(account, client)), account: await this.me(account.id) };
  }

  /** Signs out: the session ends, and the portal's hub connections opened under it close. */
  async logout(principal: PortalPrincipal): Promise<void> {
    await this.sessions.end(principal.sessionId, 'logout');
    await this.hub.closeSession(`wechat:${principal.sid}`);
  }

  async me(accountId: number): Promise<PortalAccountAnswer> {
    const account = await this.prisma.db.portalAccount.findUniqueOrThrow({
      where: { id: accountId },
      include: { customer: { select: { code: true, companyName: true } } },
    });
    return {
      id: account.id,
      name: account.name,
      account: account.account,
      customerId: account.customerId,
      customerCode: account.customer.code,
      companyName: account.customer.companyName,
      lang: account.lang,
      permissionCodes: account.permissionCodes,
    };
  }
}
