import { Module } from '@nestjs/common';
import { SessionPushService } from './session-push.service.js';

/** What the application pushes over the hub (the hub itself only speaks the protocol). */
@Module({ providers: [SessionPushService] })
export class RealtimeModule {}
