import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { HUB_AUTHENTICATOR } from '../hub/hub.types.js';
import { AccessGuard } from './access.guard.js';
import { AuthService } from './auth.service.js';
import { GrantsService } from './grants.service.js';
import { TokenHubAuthenticator } from './hub-authenticator.js';
import { LoginController } from './login.controller.js';
import { ServerKeysService } from './server-keys.service.js';
import { SessionEvents } from './session-events.js';
import { TokenService } from './token.service.js';

@Global()
@Module({
  controllers: [LoginController],
  providers: [
    AuthService,
    GrantsService,
    ServerKeysService,
    SessionEvents,
    TokenService,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: HUB_AUTHENTICATOR, useClass: TokenHubAuthenticator },
  ],
  exports: [AuthService, GrantsService, ServerKeysService, SessionEvents, TokenService, HUB_AUTHENTICATOR],
})
export class AuthModule {}
