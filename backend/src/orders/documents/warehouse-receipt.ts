import { shanghaiMinute } from '@forwarder/domain';
import { AlignmentType, Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { WarehouseReceipt } from '../cargo/warehouse-receipts.js';
import type { OrderView } from '../order/orders.service.js';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const FONT = { font: 'SimSun', size: 21 };
const text = (value: string, options: { bold?: boolean; size?: number } = {}) => new TextRun({ text: value, ...FONT, ...options });
const cell = (value: string, options: { bold?: boolean; span?: number; width?: number } = {}) =>
  new TableCell({
    children: [new Paragraph({ children: [text(value, { bold: options.bold })] })],
    columnSpan: options.span,
    width: options.width ? { size: options.width, type: WidthType.PERCENTAGE } : undefined,
    margins: { top: 80, bottom: 80, left: 100, right: 100 },
  });

const figure = (value: number | null) => (value === null ? '' : String(value));

/**
 * The warehouse receipt (入仓单) handed to whoever delivered the goods: the company, the order, customer,
 * mark and goods, the receipt (its number, packages, weights, volume, chargeable weight, location, who
 * received it and when: the order's current receipt, warehouse-receipts.ts), the order's totals so far,
 * the remark and signature lines.
 */
export async function warehouseReceiptDocx(title: string, order: OrderView, goods: WarehouseReceipt): Promise<Buffer> {
  const rows: [string, string, string, string][] = [
    ['订单号 Order No.', order.orderNo, '入仓单号 Receipt No.', goods.receiptNo],
    ['客户 Customer', order.customerName ?? '', '业务员 Salesman', order.salesmanName ?? ''],
    ['唛头 Shipping mark', order.shippingMark, '品名 Goods', order.goodsName],
    ['件数 Packages', String(goods.packages), '入仓时间 Received at', shanghaiMinute(goods.receivedAt)],
    ['毛重 Gross weight (kg)', String(goods.grossWeight), '体积 Volume (cbm)', String(goods.volume)],
    ['计费重 Chargeable weight (kg)', figure(goods.chargeableWeight), '库位 Location', goods.location ?? order.warehouseLocation ?? ''],
    [
      '收货人 Received by',
      goods.receivedByName ?? '',
      '订单累计 Order total',
      `${figure(order.packages)} / ${figure(order.grossWeight)} kg / ${figure(order.volume)} cbm`,
    ],
    [
      '起运港 Origin',
      order.originPort ? `${order.originPort.nameZh} ${order.originPort.code}` : '',
      '目的港 Destination',
      order.destinationPort ? `${order.destinationPort.nameZh} ${order.destinationPort.code}` : '',
    ],
  ];
  const remark = [goods.remark, order.remark].filter(Boolean).join('；');
  const document = new Document({
    creator: title,
    title: `入仓单 ${order.orderNo}`,
    sections: [
      {
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, children: [text(title, { bold: true, size: 36 })] }),
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [text('入仓单 WAREHOUSE RECEIPT', { bold: true, size: 28 })] }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              ...rows.map(
                ([l1, v1, l2, v2]) =>
                  new TableRow({
                    children: [cell(l1, { bold: true, width: 20 }), cell(v1, { width: 30 }), cell(l2, { bold: true, width: 20 }), cell(v2, { width: 30 })],
                  }),
              ),
              new TableRow({ children: [cell('备注 Remark', { bold: true }), cell(remark, { span: 3 })] }),
            ],
          }),
          new Paragraph({
            spacing: { before: 480 },
            children: [text('仓库经手人 Received by：____________________        送货人 Delivered by：____________________')],
          }),
          new Paragraph({ spacing: { before: 360 }, children: [text('日期 Date：____________________')] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
