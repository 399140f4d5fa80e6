/** What other features use of the finance area. */
export { OrderFinancePanel } from './OrderFinancePanel';
export { formatMoney, formatUnitPrice } from './money';
