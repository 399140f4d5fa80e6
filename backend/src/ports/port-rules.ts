import { isAirLine, isPortCode, PORT_KINDS, SHIP_TYPES, type PortKind, type ShipType } from '@forwarder/domain';
import type { MessageKey } from '../common/messages.js';

/** The port rules (packages/domain/src/ports.ts), and the message the server gives for a code that does not fit the line. */
export { isAirLine, isPortCode, PORT_KINDS, SHIP_TYPES, type PortKind, type ShipType };

/** What to tell a user whose code does not fit the line. */
export function portCodeMessage(shipType: string): MessageKey {
  return isAirLine(shipType) ? 'portCodeAir' : 'portCodeSea';
}
