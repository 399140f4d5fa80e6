import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/** Orders that moved (a stage move or a step back), told once the move has committed. */
export interface OrderStageMoved {
  orderIds: number[];
}

/**
 * The stage moves of orders, in this process, after they committed: the customer portal pushes them to the
 * customers' open connections (docs/portal.md, Live). A listener's failure never fails the move.
 */
@Injectable()
export class OrderStageEvents {
  private readonly emitter = new EventEmitter();

  onMoved(listener: (event: OrderStageMoved) => void | Promise<void>): void {
    this.emitter.on('moved', (event: OrderStageMoved) => void Promise.resolve(listener(event)).catch(() => undefined));
  }

  emitMoved(event: OrderStageMoved): void {
    if (event.orderIds.length) this.emitter.emit('moved', event);
  }
}
