/** What other features use of the prices area. */
export { usePortSelect } from './PortSelect';
