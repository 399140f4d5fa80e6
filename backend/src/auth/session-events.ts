import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

export type SessionEndReason = 'logout' | 'replaced' | 'disabled' | 'password' | 'reuse' | 'deleted';

export interface SessionEnded {
  sessionId: string;
  userId: number;
  userName: string;
  reason: SessionEndReason;
}

/**
 * Tells other modules that sessions ended, without the auth module knowing them: the hub listens and
 * pushes the kick-out to the ended session's connections.
 */
@Injectable()
export class SessionEvents {
  private readonly emitter = new EventEmitter();

  onEnded(listener: (event: SessionEnded) => void) {
    this.emitter.on('ended', listener);
  }

  emitEnded(event: SessionEnded) {
    this.emitter.emit('ended', event);
  }
}
