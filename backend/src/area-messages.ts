import type { listExportMessages } from './common/list-export.js';
import type { filesMessages } from './files/files.messages.js';
import type { financeMessages } from './finance/finance.messages.js';
import type { idempotencyMessages } from './idempotency/idempotency.messages.js';
import type { notificationsMessages } from './notifications/notifications.messages.js';
import type { metricsMessages } from './operations/metrics/metrics.messages.js';
import type { issueBoardMessages } from './orders/issue-board/issue-board.messages.js';
import type { cargoMessages } from './orders/cargo/cargo.messages.js';
import type { documentsMessages } from './orders/documents/documents.messages.js';
import type { ordersMessages } from './orders/order/orders.messages.js';
import type { publicTrackingMessages } from './orders/public-tracking/public-tracking.messages.js';
import type { portalMessages } from './portal/portal.messages.js';
import type { preferencesMessages } from './preferences/preferences.messages.js';

/**
 * The keys the areas add to the message catalogue, named to the compiler in one place (declaration merging
 * into common/messages.ts's MessageCatalogue, which imports no area). Each `<area>.messages.ts` registers
 * its texts itself (defineMessages) when its module imports it; a new one is added here too.
 */
type AreaMessages = typeof filesMessages &
  typeof financeMessages &
  typeof idempotencyMessages &
  typeof issueBoardMessages &
  typeof cargoMessages &
  typeof documentsMessages &
  typeof ordersMessages &
  typeof publicTrackingMessages &
  typeof metricsMessages &
  typeof preferencesMessages &
  typeof notificationsMessages &
  typeof portalMessages &
  typeof listExportMessages;

declare module './common/messages.js' {
  interface MessageCatalogue extends AreaMessages {}
}
