import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { HUB_AUTHENTICATOR } from '../hub/hub.types.js';
import { DemoLoadStatus } from './demo-load-status.js';
import { AccountAlerts } from './account-alerts.js';
import { AccessGuard } from './access.guard.js';
import { AuthService } from './auth.service.js';
import { GrantsService } from './grants.service.js';
import { TokenHubAuthenticator } from './hub-authenticator.js';
import { LoginAttemptsService } from './login-attempts.service.js';
import { LoginController } from './login.controller.js';
import { PortalSessions } from './portal-sessions.js';
import { RateLimitModule } from './rate-limit.module.js';
import { ServerKeysService } from './server-keys.service.js';
import { SessionEvents } from './session-events.js';
import { createJwtService, TokenService } from './token.service.js';

@Global()
@Module({
  imports: [RateLimitModule],
  controllers: [LoginController],
  providers: [
    AccountAlerts,
    AuthService,
    DemoLoadStatus,
    GrantsService,
    LoginAttemptsService,
    PortalSessions,
    ServerKeysService,
    SessionEvents,
    TokenService,
    { provide: JwtService, inject: [ServerKeysService], useFactory: createJwtService },
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: HUB_AUTHENTICATOR, useClass: TokenHubAuthenticator },
  ],
  // the rate store too: other public routes (the tracking page) count per address where sign-in does
  exports: [
    AccountAlerts,
    AuthService,
    GrantsService,
    LoginAttemptsService,
    PortalSessions,
    ServerKeysService,
    SessionEvents,
    TokenService,
    HUB_AUTHENTICATOR,
    RateLimitModule,
  ],
})
export class AuthModule {}
