import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/**
 * Pages of this area by the route `component` key the server sends: finance/record (the twelve
 * outgoing and entry screens), finance/arrears, finance/rebate (notRebate and rebate),
 * finance/orderInquiry, finance/export and finance/costImport.
 */
export const financePages: Record<string, ComponentType> = {
  'finance/record': lazyPage(
    () => import('./RecordListPage'),
    (module) => module.RecordListPage,
  ),
  'finance/arrears': lazyPage(
    () => import('./ArrearsPage'),
    (module) => module.ArrearsPage,
  ),
  'finance/rebate': lazyPage(
    () => import('./RebatePage'),
    (module) => module.RebatePage,
  ),
  'finance/orderInquiry': lazyPage(
    () => import('./OrderInquiryPage'),
    (module) => module.OrderInquiryPage,
  ),
  'finance/export': lazyPage(
    () => import('./ReportExportPage'),
    (module) => module.ReportExportPage,
  ),
  'finance/costImport': lazyPage(
    () => import('./CostImportPage'),
    (module) => module.CostImportPage,
  ),
};
