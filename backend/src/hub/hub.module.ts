import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { HUB_OPTIONS, readHubOptions } from './hub.options.js';
import { HubService } from './hub.service.js';

/**
 * The SignalR hub at /chathub. Needs a HUB_AUTHENTICATOR provider visible to it (the global
 * AuthModule exports it); the app calls `app.get(HubService).attach(app)` before `init()`/`listen()`.
 */
@Global()
@Module({
  providers: [
    HubService,
    {
      provide: HUB_OPTIONS,
      useFactory: (config?: AppConfig) => readHubOptions(process.env, config),
      inject: [{ token: APP_CONFIG, optional: true }],
    },
  ],
  exports: [HubService],
})
export class HubModule {}
