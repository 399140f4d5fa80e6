/**
 * @forwarder/domain: the rules the server and the web client share. Pure TypeScript (no Nest, no React,
 * no Prisma); each module is one area's rules.
 */
export * from './ship-lines.js';
export * from './order-stages.js';
export * from './stage-wording.js';
export * from './permissions.js';
export * from './cargo-rules.js';
export * from './finance-rules.js';
export * from './issue-board.js';
export * from './order-tasks.js';
export * from './customers.js';
export * from './portal.js';
export * from './admin-values.js';
export * from './notices.js';
export * from './questions.js';
export * from './order-lists.js';
export * from './serial-pattern.js';
export * from './transport-codes.js';
export * from './decimal.js';
export * from './business-time.js';
export * from './fields.js';
export * from './hub.js';
export * from './time.js';
export * from './messages.js';
export * from './settings.js';
export * from './ports.js';
export * from './prices.js';
export * from './api-routes.js';
export * from './idempotent-creates.js';
export * from './paging.js';
export * from './data-changes.js';
export * from './data-change-tables.js';
export * from './value-words.js';
export type * from './import-report.js';
export * from './mail.js';
