/** What other features use of the orders area. */
export { OrderDetailDrawer } from './OrderDetailDrawer';
