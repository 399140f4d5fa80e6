/**
 * Ports of the three lines (docs/customers.md, "Ports and prices"): which line and kind a route shows,
 * and the code each line takes (packages/domain/src/ports.ts, which the server checks too).
 */

import { isPortCode as isStoredPortCode, SHIP_TYPES, type PortKind, type ShipType } from '@forwarder/domain';

/** The shipping lines, as `shipType` names them in routes, ports and prices. */

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

/** The form takes a code in any case: it is stored upper case, so it is checked as such. */
export function isPortCode(shipType: ShipType, code: string): boolean {
  return isStoredPortCode(shipType, code.trim().toUpperCase());
}
