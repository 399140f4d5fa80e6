import type { ShipType } from './ship-lines.js';

/** start: an origin port (起运港); end: a destination port (目的港). */
export const PORT_KINDS = ['start', 'end'] as const;
export type PortKind = (typeof PORT_KINDS)[number];

/** Sea lines name ports by UN/LOCODE (2 country letters, 3 letters or digits 2-9); the air line by IATA airport code. */
const UN_LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const IATA_AIRPORT = /^[A-Z]{3}$/;

export function isAirLine(shipType: ShipType | string): boolean {
  return shipType === 'airtransport';
}

/** Whether `code` names a port of the line (codes are stored upper case: the server stores them so, the form checks them so). */
export function isPortCode(shipType: ShipType | string, code: string): boolean {
  return (isAirLine(shipType) ? IATA_AIRPORT : UN_LOCODE).test(code);
}
