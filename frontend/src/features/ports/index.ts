/** What other features use of the ports area. */
export { usePortOptions, type PortOption } from './api';
export { isShipType } from './portRules';
