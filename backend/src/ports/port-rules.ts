import { SHIP_TYPES, type ShipType } from '@forwarder/domain';
import type { MessageKey } from '../common/messages.js';

export { SHIP_TYPES, type ShipType };

/** start: an origin port (起运港); end: a destination port (目的港). */
export const PORT_KINDS = ['start', 'end'] as const;
export type PortKind = (typeof PORT_KINDS)[number];

/** Sea lines name ports by UN/LOCODE (2 country letters, 3 letters or digits 2-9); the air line by IATA airport code. */
const UN_LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const IATA_AIRPORT = /^[A-Z]{3}$/;

export function isAirLine(shipType: string): boolean {
  return shipType === 'airtransport';
}

export function isPortCode(shipType: string, code: string): boolean {
  return (isAirLine(shipType) ? IATA_AIRPORT : UN_LOCODE).test(code);
}

/** What to tell a user whose code does not fit the line. */
export function portCodeMessage(shipType: string): MessageKey {
  return isAirLine(shipType) ? 'portCodeAir' : 'portCodeSea';
}
