import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { BeforePasswordChange, CurrentUser, Public, SignedIn, type Principal } from '../common/access.decorators.js';
import { WithMessage } from '../common/envelope.js';
import { t } from '../common/messages.js';
import { DemoLoadStatus } from './demo-load-status.js';
import { SettingsService } from '../settings/settings.service.js';
import { LoginDto, ModifyPasswordDto } from './auth.dto.js';
import { AuthService } from './auth.service.js';
import { deviceCookieOptions } from './device-cookie.js';
import { SignInRoute } from './rate-limit.module.js';
import { ServerKeysService } from './server-keys.service.js';

/** Signing in and out, and the caller's password (docs/api.md, Tokens). */
@Controller('login')
export class LoginController {
  constructor(
    private readonly auth: AuthService,
    private readonly keys: ServerKeysService,
    private readonly settings: SettingsService,
    private readonly demoLoad: DemoLoadStatus,
  ) {}

  /**
   * What the login page needs: the RSA public key to encrypt the credentials with, the product title, whether
   * this is a demo installation (the "演示数据" mark of the login page and the shell), and on a first start how
   * far the demo business has loaded while it loads (`demoLoading`, else null).
   */
  @Public()
  @Get('initialize')
  async initialize() {
    const { publicPem } = await this.keys.rsaKeyPair();
    return {
      demo: (await this.settings.installMode()) === 'demo',
      publicKey: publicPem,
      rsaEnabled: true,
      title: await this.settings.get('site.title'),
      titleEn: await this.settings.get('site.titleEn'),
      logo: (await this.settings.get('site.logo')) || null,
      passwordMinLength: 6,
      passwordMaxLength: 20,
      demoLoading: await this.demoLoad.progress(),
    };
  }

  /** Signs in with the RSA-encrypted credentials: the access and refresh tokens (one live session per account). */
  @Public()
  @ApiResponse({ status: 423, description: 'The account is locked after repeated sign-in failures' })
  @SignInRoute()
  @Post('user')
  async login(@Body() dto: LoginDto, @Req() req: Request) {
    const { session, deviceCookie } = await this.auth.login(dto.param, { ip: req.ip, userAgent: req.headers['user-agent'], cookies: req.headers.cookie });
    // this browser is now known to the account: its later sign-ins are not refused for failures elsewhere
    req.res?.cookie(deviceCookie.name, deviceCookie.value, deviceCookieOptions(req.secure));
    req.res?.setHeader('access-token', session.token);
    req.res?.setHeader('x-access-token', session.refreshToken);
    return session;
  }

  /** Signs out: ends the caller's session and its tokens. */
  @SignedIn()
  @BeforePasswordChange()
  @Post('logOut')
  async logOut(@CurrentUser() user: Principal) {
    await this.auth.logout(user);
    return null;
  }

  /** Changes the caller's password (the old one is checked). */
  @SignedIn()
  @BeforePasswordChange()
  @Post('modifyPwd')
  async modifyPassword(@CurrentUser() user: Principal, @Body() dto: ModifyPasswordDto) {
    await this.auth.modifyPassword(user, dto);
    return new WithMessage(null, t('passwordChanged'));
  }
}
