/**
 * Ports of the three lines (docs/customers.md, "Ports and prices"): which line and kind a route shows,
 * and the code each line takes, as the server checks it (backend/src/ports/port-rules.ts).
 */

import { SHIP_TYPES, type ShipType } from '@forwarder/domain';

/** The shipping lines, as `shipType` names them in routes, ports and prices. */
export { SHIP_TYPES, type ShipType };

/** start: an origin port (起运港); end: a destination port (目的港). */
export type PortKind = 'start' | 'end';

export interface PortScreen {
  shipType: ShipType;
  kind: PortKind;
}

export function isShipType(value: string): value is ShipType {
  return (SHIP_TYPES as readonly string[]).includes(value);
}

/** /port/smallbagStart → smallbag origin ports; /port/airtransportEnd → air destination ports. */
export function portScreenOf(path: string): PortScreen | null {
  const match = /^([a-z]+)(Start|End)$/.exec(path.replace(/\/+$/, '').split('/').at(-1) ?? '');
  if (!match || !isShipType(match[1])) return null;
  return { shipType: match[1], kind: match[2] === 'Start' ? 'start' : 'end' };
}

/** Sea lines name ports by UN/LOCODE (2 country letters, 3 letters or digits 2-9); the air line by IATA airport code. */
const UN_LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const IATA_AIRPORT = /^[A-Z]{3}$/;

export function isAirLine(shipType: ShipType): boolean {
  return shipType === 'airtransport';
}

/** Codes are stored upper case, so they are checked as such. */
export function isPortCode(shipType: ShipType, code: string): boolean {
  return (isAirLine(shipType) ? IATA_AIRPORT : UN_LOCODE).test(code.trim().toUpperCase());
}
