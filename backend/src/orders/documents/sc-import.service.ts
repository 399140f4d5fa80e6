import type { ImportReport, ShipType } from '@forwarder/domain';
import { Injectable, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Principal } from '../../common/access.decorators.js';
import { FieldErrors } from '../../common/app-error.js';
import { refusedImport } from '../../common/import-report.js';
import { streamedDownload, XLSX_TYPE } from '../../common/download.js';
import { t } from '../../common/messages.js';
import { readableOrNull } from '../../common/xlsx.js';
import { receiveXlsx } from '../../files/upload-form.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { ImportLimits } from '../../settings/import-limits.service.js';
import { SettingsService } from '../../settings/settings.service.js';
import { OrdersService } from '../order/orders.service.js';
import { ordersInScope } from '../order/order-scope.js';
import { checkScRow, describeEntered, etdAfterEta, MAX_SC_ROWS, readScSheet, writeScTemplate, type CheckedScRow } from './sc-information.js';

/** Shipping information in bulk: the template and the all-or-nothing import (docs/order-documents.md). */
@Injectable()
export class ScImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly orders: OrdersService,
    private readonly settings: SettingsService,
    private readonly limits: ImportLimits,
  ) {}

  template(): StreamableFile {
    return streamedDownload('船务信息导入模板.xlsx', XLSX_TYPE, writeScTemplate);
  }

  async receive(req: Request, res: Response): Promise<Buffer> {
    return receiveXlsx(req, res, await this.settings.get('upload.maxSizeMb'), 'scImportNotXlsx');
  }

  /**
   * Checks every row (cells, then the order: of this line, in the caller's scope, not voided, ETD ≤ ETA
   * with its stored times, once in the file); any wrong row and nothing is written. Otherwise each order is
   * updated (its ver bumped) with a work record and a timeline event, all in one transaction under the
   * orders' row locks.
   */
  async import(shipType: ShipType, file: Buffer, user: Principal): Promise<ImportReport> {
    const sheet = await readableOrNull(readScSheet(file, MAX_SC_ROWS, await this.limits.workbook()), 'shipping information import');
    if (!sheet?.workbook) throw new FieldErrors({ file: [t('scImportNotXlsx')] });
    if (sheet.missing.length) throw new FieldErrors({ file: [t('scImportMissingColumns', { columns: sheet.missing.join(', ') })] });
    if (!sheet.total) throw new FieldErrors({ file: [t('scImportEmpty')] });
    if (sheet.total > MAX_SC_ROWS) throw new FieldErrors({ file: [t('scImportTooManyRows', { max: MAX_SC_ROWS })] });
    const rows = sheet.rows.map((row) => checkScRow(shipType, row));
    markRepeats(rows);
    const orderNos = [...new Set(rows.map((r) => r.orderNo).filter(Boolean))];

    return this.prisma.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`select id from orders where order_no = any(${orderNos}::text[]) and ship_type = ${shipType} order by id for update`;
        const orders = await tx.order.findMany({ where: ordersInScope(user, { orderNo: { in: orderNos }, shipType }) });
        const byNo = new Map(orders.map((o) => [o.orderNo, o]));
        for (const r of rows) {
          if (!r.orderNo) continue;
          const order = byNo.get(r.orderNo);
          if (!order) r.reasons.push(t('scImportOrderUnknown', { no: r.orderNo }));
          else if (order.sideState === 'delete') r.reasons.push(t('scImportOrderVoided', { no: r.orderNo }));
          else {
            const times = etdAfterEta(r.entered, order);
            if (times) r.reasons.push(times);
          }
        }
        const rejected = rows.filter((r) => r.reasons.length).map(({ row, orderNo, reasons }) => ({ row, orderNo, reasons }));
        if (rejected.length) return refusedImport(rows.length, rejected);
        for (const r of rows) {
          const order = byNo.get(r.orderNo)!;
          const updated = await tx.order.update({ where: { id: order.id }, data: { ...r.entered, ver: { increment: 1 } } });
          const fields = describeEntered(r.entered);
          await this.orders.record(
            tx,
            updated,
            {
              kind: 'import',
              action: 'import',
              from: order.stage,
              to: order.stage,
              content: t('scImportTrack', { fields }, 'zh'),
              data: Object.fromEntries(Object.entries(r.entered).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
            },
            user,
          );
        }
        return { applied: true, rows: rows.length, written: rows.length, rejected: [] };
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  }
}

/** An order on several rows: each of them names the others (which row should win is not ours to guess). */
function markRepeats(rows: CheckedScRow[]) {
  const rowsOf = new Map<string, number[]>();
  for (const r of rows) if (r.orderNo) rowsOf.set(r.orderNo, [...(rowsOf.get(r.orderNo) ?? []), r.row]);
  for (const r of rows) {
    const others = (rowsOf.get(r.orderNo) ?? []).filter((n) => n !== r.row);
    if (others.length) r.reasons.push(t('scImportDuplicate', { no: r.orderNo, rows: others.join(', ') }));
  }
}
