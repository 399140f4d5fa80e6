import { registerMessages } from '../../common/messages.js';

/** Messages of this area (Chinese, English); registered in the catalogue of common/messages.ts when this file loads. */
export const documentsMessages = {
  // waybills and bills of lading
  documentWaybillNoRequired: ['请输入运单号（字母、数字、-、/，最多 50 个字符）', 'Enter the waybill number (letters, digits, - or /, at most 50 characters)'],
  documentBlNoRequired: [
    '请输入提单号（字母、数字、-、/，最多 50 个字符）',
    'Enter the bill of lading number (letters, digits, - or /, at most 50 characters)',
  ],
  documentShipperRequired: ['请输入发货人（最多 500 个字符）', 'Enter the shipper (at most 500 characters)'],
  documentConsigneeRequired: ['请输入收货人（最多 500 个字符）', 'Enter the consignee (at most 500 characters)'],
  documentNotifyPartyInvalid: ['通知方最多 500 个字符', 'The notify party must not exceed 500 characters'],
  documentFromRequired: ['请输入始发地（最多 200 个字符）', 'Enter the place of departure (at most 200 characters)'],
  documentToRequired: ['请输入目的地（最多 200 个字符）', 'Enter the destination (at most 200 characters)'],
  documentPortOfLoadingRequired: ['请输入装货港（最多 200 个字符）', 'Enter the port of loading (at most 200 characters)'],
  documentPortOfDischargeRequired: ['请输入卸货港（最多 200 个字符）', 'Enter the port of discharge (at most 200 characters)'],
  documentVesselVoyageInvalid: ['船名航次最多 100 个字符', 'The vessel and voyage must not exceed 100 characters'],
  documentGoodsRequired: ['请输入货物描述（最多 2000 个字符）', 'Enter the description of goods (at most 2000 characters)'],
  documentMarksInvalid: ['唛头最多 1000 个字符', 'The marks must not exceed 1000 characters'],
  documentFreightTermInvalid: ['运费条款须为预付（prepaid）或到付（collect）', 'The freight term must be prepaid or collect'],
  documentIssuedAtInvalid: ['签发时间格式无效（ISO 8601）', 'The issue date is not a valid time (ISO 8601)'],
  documentOriginalsInvalid: ['正本份数须为 1 到 10 的整数', 'The number of originals must be a whole number from 1 to 10'],
  documentRemarkInvalid: ['备注最多 1000 个字符', 'The remark must not exceed 1000 characters'],
  documentWaybillWrongLine: [
    '订单 {no} 是海运线路，海运订单使用提单，没有运单',
    'Order {no} is on a sea line: sea orders have a bill of lading, not a waybill',
  ],
  documentBillWrongLine: ['订单 {no} 是空运订单，空运订单使用运单，没有提单', 'Order {no} is an air order: air orders have a waybill, not a bill of lading'],
  documentExcelWrongLine: ['{kind}只适用于以下线路：{lines}', 'The {kind} applies only to these lines: {lines}'],
  documentKindWaybill: ['运单', 'waybill'],
  documentKindBill: ['提单', 'bill of lading'],
  documentFreightPrepaid: ['运费预付', 'Freight prepaid'],
  documentFreightCollect: ['运费到付', 'Freight collect'],
  documentNoneYet: ['订单 {no} 还没有填写{kind}，请先保存{kind}信息', 'Order {no} has no {kind} yet; save its details first'],
  // labels
  labelOrdersRequired: ['请先输入需打印的单号', 'Enter the order numbers to print first'],
  labelTooManyOrders: ['一次最多打印 {max} 个订单', 'At most {max} orders can be printed at once'],
  labelOrdersUnknown: ['以下单号不存在：{list}', 'No such orders: {list}'],
  labelOrdersNoPackages: ['以下订单还没有填写件数：{list}', 'These orders have no package count yet: {list}'],
  labelTooManyLabels: ['一次最多生成 {max} 张标签（本次 {count} 张），请分批打印', 'At most {max} labels at once ({count} asked); print in batches'],
  labelOrderNosInvalid: ['单号须为文本列表，每个最多 40 个字符', 'Order numbers must be a list of texts of at most 40 characters each'],
  labelTemplateInvalid: ['标签模板须为 qrCode（二维码）或 barCode（条形码）', 'The label template must be qrCode or barCode'],
  labelTemplateMissing: [
    '管理员还没有上传“{name}”标签模板（模板由管理员在顶栏“订单标签打印”对话框中上传）；可先用“打印PDF”打印系统自带的标签',
    'An administrator has not uploaded the "{name}" label template yet (administrators upload templates in the top bar\'s "Order label printing" dialog); print the built-in PDF labels meanwhile',
  ],
  labelTemplateNotBtw: ['请上传 .btw 格式的标签模板文件', 'Upload a label template file in .btw format'],
  labelTemplateUploaded: ['标签模板已上传', 'Label template uploaded'],
  // warehouse receipt
  warehouseReceiptNone: ['订单 {no} 还没有入仓记录', 'Order {no} has no warehouse receipt yet'],
  // shipping information import (scInformation)
  scImportNotXlsx: ['文件不是有效的 xlsx 工作簿，请使用导入模板', 'The file is not a valid xlsx workbook; use the import template'],
  scImportMissingColumns: ['缺少列：{columns}，请使用导入模板', 'Missing columns: {columns}; use the import template'],
  scImportEmpty: ['文件中没有数据行', 'The file has no data rows'],
  scImportTooManyRows: ['一次最多导入 {max} 行', 'At most {max} rows can be imported at once'],
  scImportOrderNoRequired: ['请填写订单号', 'Enter the order number'],
  scImportOrderUnknown: ['订单 {no} 不存在、不属于该线路或不是您的订单', 'Order {no} does not exist, is not on this line or is not yours'],
  scImportOrderVoided: ['订单 {no} 已作废', 'Order {no} is voided'],
  scImportDuplicate: ['订单 {no} 在第 {rows} 行重复出现', 'Order {no} appears again in rows {rows}'],
  scImportNothing: ['该行除订单号外没有填写任何内容', 'The row has nothing besides the order number'],
  scImportTooLong: ['{column}不能超过 {max} 个字符', '{column} must not exceed {max} characters'],
  scImportNotReference: ['{column}只能包含字母、数字、-、/、. 和空格', '{column} may only hold letters, digits, -, /, . and spaces'],
  scImportContainerFormat: [
    '柜号 {value} 格式错误，应为 4 位字母加 7 位数字，如 MSCU1234566',
    'Container number {value} is malformed: 4 letters and 7 digits, e.g. MSCU1234566',
  ],
  scImportContainerCheck: ['柜号 {value} 校验位错误', 'Container number {value} has a wrong check digit'],
  scImportFlightFormat: ['航班号 {value} 格式错误，如 CA987', 'Flight number {value} is malformed, e.g. CA987'],
  scImportDateInvalid: ['{column}不是有效的日期（日期单元格或 YYYY-MM-DD [HH:mm]）', '{column} is not a valid date (a date cell or YYYY-MM-DD [HH:mm])'],
  scImportEtdAfterEta: ['ETD（{etd}）不能晚于 ETA（{eta}）', 'The ETD ({etd}) cannot be after the ETA ({eta})'],
  scImportSeaOnly: ['{column}只适用于海运线路', '{column} applies only to sea lines'],
  scImportAirOnly: ['{column}只适用于空运线路', '{column} applies only to air transport'],
  scImportApplied: ['导入成功：已更新 {count} 个订单', 'Imported: {count} orders updated'],
  scImportTrack: ['导入船务信息：{fields}', 'Shipping information imported: {fields}'],
} as const satisfies Record<string, readonly [string, string]>;

registerMessages(documentsMessages);

type DocumentsMessages = typeof documentsMessages;
declare module '../../common/messages.js' {
  interface MessageCatalogue extends DocumentsMessages {}
}
