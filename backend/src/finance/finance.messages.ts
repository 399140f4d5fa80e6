import { registerMessages } from '../common/messages.js';

/** Messages of this area (Chinese, English); registered in the catalogue of common/messages.ts when this file loads. */
export const financeMessages = {
  // fields
  financeOrderRequired: ['缴款必须关联订单', 'A payment hand-in needs its order'],
  financeOrderInvalid: ['订单不存在或不在您的范围内', 'No such order in your scope'],
  financeOrderVoided: ['订单 {no} 已作废', 'Order {no} is voided'],
  financeTypeRequired: ['请选择类型', 'Choose the type'],
  financeTypeInvalid: ['类型必须是字典中启用的值：{list}', 'The type must be an enabled dictionary value: {list}'],
  financeCurrencyRequired: ['请选择币种', 'Choose the currency'],
  financeAmountInvalid: ['金额须大于 0，最多 2 位小数', 'The amount must be more than 0 with at most 2 decimals'],
  financeRateInvalid: ['汇率须不小于 0，最多 6 位小数', 'The rate must be 0 or more with at most 6 decimals'],
  financeBookAmountTooLarge: ['折合人民币金额不能超过 {max}', 'The amount in CNY must not exceed {max}'],
  financeRateRequired: ['非人民币须填写折合人民币的汇率', 'Enter the rate to CNY for a foreign currency'],
  financeCounterpartyRequired: ['请填写收付款方', 'Enter the payer or payee'],
  financeMethodRequired: ['请选择付款方式', 'Choose the payment method'],
  financeMethodInvalid: ['付款方式必须是字典中启用的值：{list}', 'The payment method must be an enabled dictionary value: {list}'],
  financeDayInvalid: ['日期格式应为 YYYY-MM-DD', 'The date must be YYYY-MM-DD'],
  financeVouchersInvalid: ['凭证最多 10 个，且必须是已上传的文件', 'At most 10 vouchers, each an uploaded file'],
  financeReasonRequired: ['请填写原因（最多 500 个字符）', 'Enter the reason (at most 500 characters)'],
  financeIdsInvalid: ['请选择 1 到 {max} 条记录', 'Choose 1 to {max} records'],
  financeKindInvalid: ['类型无效', 'The kind is invalid'],
  financeViewInvalid: ['页面无效', 'The view is invalid'],
  financeSortInvalid: ['排序无效', 'The sort is invalid'],
  financePassInvalid: ['请选择通过或驳回', 'Choose pass or refuse'],
  financePaidInvalid: ['请选择已结或未结', 'Choose paid or due'],
  financeGroupByInvalid: ['分组方式无效', 'The grouping is invalid'],
  financeBucketInvalid: ['账龄区间无效', 'The ageing bucket is invalid'],
  financeShipTypeInvalid: ['线路无效', 'The line is invalid'],
  financeBasisInvalid: ['计算基数须为收入或利润', 'The basis must be revenue or profit'],
  financeRulePercentInvalid: ['比例须在 0 到 100 之间，最多 4 位小数', 'The percentage must be 0 to 100 with at most 4 decimals'],
  financeRuleNameRequired: ['请填写规则名称（最多 100 个字符）', 'Enter the rule name (at most 100 characters)'],
  financeLevelInvalid: ['客户等级必须是字典中启用的值', 'The customer level must be an enabled dictionary value'],
  financeSalesmanInvalid: ['业务员不存在', 'No such salesman'],
  financeOrderNoTooShort: ['匹配的订单超过 {cap} 个，请输入更完整的订单号', 'More than {cap} orders match; enter more of the order number'],
  financeOrderRequiredForList: ['请选择订单', 'Choose the order'],
  // states and moves
  financeStatusRegistered: ['已登记', 'registered'],
  financeStatusPending: ['待审核', 'pending audit'],
  financeStatusLocked: ['已锁定', 'locked'],
  financeStatusRefused: ['已驳回', 'refused'],
  financeStatusUnlocked: ['已解锁', 'unlocked'],
  financeMoveUpdate: ['修改', 'edited'],
  financeMoveSubmit: ['提交审核', 'submitted'],
  financeMovePass: ['审核通过', 'passed'],
  financeMoveRefuse: ['驳回', 'refused'],
  financeMoveAmend: ['修改后重新提交', 'amended'],
  financeMoveUnlock: ['解锁', 'unlocked'],
  financeMoveLock: ['重新锁定', 'locked again'],
  financeMoveDelete: ['删除', 'deleted'],
  financeMoveRefused: ['单据 {no} 当前为“{state}”，不能{move}', 'Record {no} is {state} and cannot be {move}'],
  financeMoveForbidden: ['您不能对单据 {no} 进行“{move}”操作', 'You may not have record {no} {move}'],
  financeRefusedPlain: ['{text}', '{text}'],
  financeRecordNotFoundIds: ['单据不存在：{ids}', 'No such records: {ids}'],
  financeSubmitted: ['已提交 {count} 条单据审核', 'Submitted {count} records for audit'],
  financePassed: ['已审核通过 {count} 条单据', 'Passed {count} records'],
  financeRefused: ['已驳回 {count} 条单据', 'Refused {count} records'],
  // charges and commissions
  financeChargeFrozen: [
    '订单 {no} 佣金已结算，费用不能再修改（请先退回）',
    'Order {no} has its commission settled; its charges cannot change (move it back first)',
  ],
  financeChargeUnderAudit: [
    '订单 {no} 有待审核的单据（{records}），审核完成前只有财务审核人员能修改它的费用',
    'Order {no} has records waiting for audit ({records}); until they are audited only finance auditors may change its charges',
  ],
  financeChargeBelowReceived: [
    '已收 ¥{received}，应收合计不能低于已收（改后为 ¥{revenue}）',
    'CNY {received} has been received; the billed total cannot go below it (it would be CNY {revenue})',
  ],
  financeChargeVoided: ['该费用已作废，不能再修改', 'This charge is voided and cannot change'],
  financeTaxRateInvalid: ['税率须在 0 到 100 之间（%），最多 2 位小数', 'The tax rate must be 0 to 100 (%) with at most 2 decimals'],
  financeNotBrokerage: ['订单 {no} 不在“佣金结算”阶段', 'Order {no} is not at "commission settled"'],
  financeNotDue: ['订单 {no} 不是已完成派送且已全部收款的订单', 'Order {no} is not delivered and fully paid'],
  financeNoRule: ['订单 {no} 没有匹配的佣金规则', 'No commission rule matches order {no}'],
  financeCommissionPaid: ['已结算 {count} 个订单的佣金，共 {amount} 元', 'Paid the commission of {count} orders, {amount} CNY in all'],
  financeQuoteRemark: ['按报价：{channel} {quantity}{unit} × {unitPrice}', 'From the quotation: {channel} {quantity}{unit} × {unitPrice}'],
  // report and import
  financeReportPeriodInvalid: ['结束日期不能早于开始日期', 'The end day cannot be before the start day'],
  financeReportPeriodTooLong: ['一次最多导出 {days} 天', 'At most {days} days per report'],
  financeImportOrderRequired: ['请填写订单号', 'Enter the order number'],
  financeImportOrderUnknown: ['订单号 {no} 不是该线路您可见的订单', 'Order {no} is not an order of this line in your scope'],
  financeImportTooLong: ['“{column}”最多 {max} 个字符', '"{column}" takes at most {max} characters'],
  financeCostsImported: ['已导入 {rows} 条费用（{orders} 个订单）', 'Imported {rows} charges ({orders} orders)'],
  // dictionary usages (admin/dict/dict-usages.ts)
  dictUsageChargeType: ['订单费用的费用类型', 'Type of order charges'],
  dictUsageChargeCurrency: ['订单费用的币种', 'Currency of order charges'],
} as const satisfies Record<string, readonly [string, string]>;

registerMessages(financeMessages);

type FinanceMessages = typeof financeMessages;
declare module '../common/messages.js' {
  interface MessageCatalogue extends FinanceMessages {}
}
