import { lazyPages } from '@/shared/routing/lazyPage';

/**
 * Pages of this area by the route `component` key the server sends: finance/record (the twelve
 * outgoing and entry screens), finance/arrears, finance/rebate (notRebate and rebate),
 * finance/orderInquiry, finance/export and finance/costImport.
 */
export const financePages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'finance/record': './RecordListPage',
  'finance/arrears': './ArrearsPage',
  'finance/rebate': './RebatePage',
  'finance/orderInquiry': './OrderInquiryPage',
  'finance/export': './ReportExportPage',
  'finance/costImport': './CostImportPage',
});
