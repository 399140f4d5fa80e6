import { breakListProblem, MAX_BREAKS, type ImportReport } from '@forwarder/domain';
import { Injectable, StreamableFile } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { Request, Response } from 'express';
import type { Principal } from '../common/access.decorators.js';
import { FieldErrors } from '../common/app-error.js';
import { refusedImport } from '../common/import-report.js';
import { t } from '../common/messages.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { ImportLimits } from '../settings/import-limits.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { addTemplateNotes, EXPORT_COLUMNS, IMPORT_COLUMNS, KIND_LABELS, priceSheet, readPriceSheet, type SheetRow } from './price-sheet.js';
import { keysetPages } from '../common/streams.js';
import { EXPORT_PAGE, readableOrNull, writePages, xlsxDownload } from '../common/xlsx.js';
import { receiveXlsx } from '../files/upload-form.js';
import { BREAK_MESSAGES, formatDay, kindsVisibleTo, parseDay, periodsOverlap } from './price-rules.js';
import { ImportPriceRowDto, type ListPricesDto } from './prices.dto.js';
import { DictService } from '../admin/dict/dict.service.js';
import { overlapParams, PricesService, WITH_BREAKS, type PriceRoute } from './prices.service.js';

/** Data rows one import may hold. */
export const MAX_IMPORT_ROWS = 5000;

/** The fields that decide which price a row belongs to; a row with an error in one of them joins no price. */
const GROUP_FIELDS = ['kind', 'originCode', 'destinationCode', 'channel', 'unit', 'currency', 'minCharge', 'validFrom', 'validTo'] as const;

interface CheckedRow {
  row: number;
  dto: ImportPriceRowDto;
  reasons: string[];
  /** fields with an error */
  failed: Set<string>;
  originPortId?: number;
  destinationPortId?: number;
}

interface ImportedPrice extends PriceRoute {
  rows: CheckedRow[];
  currency: string;
  minCharge: number;
  validFrom: Date;
  validTo: Date;
}

const columnIndex = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key);
const messagesOf = (errors: ValidationError[]) => [...new Set(errors.flatMap((e) => Object.values(e.constraints ?? {})))];

/** The price workbook: export (streamed), import template, and import (all rows or none). */
@Injectable()
export class PriceSheetService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly prices: PricesService,
    private readonly dict: DictService,
    private readonly settings: SettingsService,
    private readonly limits: ImportLimits,
  ) {}

  /**
   * Streams the prices the filters select (every kind the caller may see unless one is asked for), one
   * row per break, reading the table in batches while the file is written.
   */
  async export(query: ListPricesDto, user: Principal): Promise<StreamableFile> {
    const where = this.prices.where(query, user);
    const read = (after: number | null, size: number) =>
      this.prisma.db.price.findMany({
        where: { AND: [where, { id: { gt: after ?? 0 } }] },
        include: WITH_BREAKS,
        orderBy: { id: 'asc' },
        take: size,
      });
    // The first page is read before anything is sent, so a failing query is still an error answer.
    const pages = await keysetPages(read, (price) => price.id, EXPORT_PAGE);
    return xlsxDownload(`prices-${query.shipType}-${formatDay(new Date())}.xlsx`, async (workbook, out) => {
      const sheet = priceSheet(workbook, EXPORT_COLUMNS, { styled: false });
      await writePages(pages, out, async (rows) => {
        const ports = await this.prices.portsOf(rows);
        for (const price of rows) {
          const origin = ports.get(price.originPortId);
          const destination = ports.get(price.destinationPortId);
          for (const step of price.breaks) {
            sheet
              .addRow({
                priceId: price.id,
                kind: KIND_LABELS[price.kind] ?? price.kind,
                originCode: origin?.code,
                originName: origin?.nameZh,
                destinationCode: destination?.code,
                destinationName: destination?.nameZh,
                channel: price.channel,
                unit: price.unit,
                currency: price.currency,
                minCharge: price.minCharge.toNumber(),
                validFrom: formatDay(price.validFrom),
                validTo: formatDay(price.validTo),
                minQuantity: step.minQuantity.toNumber(),
                unitPrice: step.unitPrice.toNumber(),
                remark: price.remark ?? undefined,
              })
              .commit();
          }
        }
      });
      sheet.commit();
    });
  }

  /** The import template: the price sheet's headers and a notes sheet describing each column. */
  template(): StreamableFile {
    return xlsxDownload(
      'price-import-template.xlsx',
      async (workbook) => {
        priceSheet(workbook, IMPORT_COLUMNS, { styled: true }).commit();
        addTemplateNotes(workbook);
      },
      { styles: true },
    );
  }

  /** The uploaded workbook (multipart field `file`), kept in memory: the size limit is the upload limit. */
  async receive(req: Request, res: Response): Promise<Buffer> {
    return receiveXlsx(req, res, await this.settings.get('upload.maxSizeMb'), 'priceImportNotXlsx');
  }

  /**
   * Imports a line's prices from the sheet, all or nothing: every row is checked (its cells, its ports and
   * currency, the breaks and validity of the price it belongs to) and when any row is wrong nothing is
   * saved and the answer lists each wrong row (its Excel row number) with its reasons.
   */
  async import(shipType: string, file: Buffer, user: Principal): Promise<ImportReport & { prices: number }> {
    const sheet = await readableOrNull(readPriceSheet(file, MAX_IMPORT_ROWS, await this.limits.workbook()), 'price import');
    if (!sheet?.workbook) throw new FieldErrors({ file: [t('priceImportNotXlsx')] });
    if (sheet.missing.length) throw new FieldErrors({ file: [t('priceImportMissingColumns', { columns: sheet.missing.join(', ') })] });
    if (!sheet.total) throw new FieldErrors({ file: [t('priceImportEmpty')] });
    if (sheet.total > MAX_IMPORT_ROWS) throw new FieldErrors({ file: [t('priceImportTooManyRows', { max: MAX_IMPORT_ROWS })] });
    const rows = await Promise.all(sheet.rows.map(checkCells));

    return this.prisma.db.$transaction(
      async (tx) => {
        await this.checkReferences(tx, shipType, rows, user);
        const prices = groupIntoPrices(shipType, rows);
        checkBreaks(prices);
        checkOverlapsWithin(prices);
        if (prices.length) await this.checkOverlapsStored(tx, shipType, prices);
        const wrong = rows.filter((r) => r.reasons.length);
        if (wrong.length)
          return {
            ...refusedImport(
              rows.length,
              wrong.map((r) => ({ row: r.row, reasons: [...new Set(r.reasons)] })),
            ),
            prices: 0,
          };
        for (const price of prices) {
          const breaks = price.rows.map((r) => ({ minQuantity: r.dto.minQuantity, unitPrice: r.dto.unitPrice })).sort((a, b) => a.minQuantity - b.minQuantity);
          await tx.price.create({
            data: {
              shipType,
              kind: price.kind,
              originPortId: price.originPortId,
              destinationPortId: price.destinationPortId,
              channel: price.channel,
              unit: price.unit,
              currency: price.currency,
              minCharge: price.minCharge,
              validFrom: price.validFrom,
              validTo: price.validTo,
              remark: price.rows.find((r) => r.dto.remark)?.dto.remark ?? null,
              createdBy: user.userId,
              breaks: { create: breaks },
            },
            select: { id: true },
          });
        }
        return { applied: true, rows: rows.length, written: rows.length, rejected: [], prices: prices.length };
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  }

  /** Ports by code (enabled ports of the line and of the right kind), currencies, and the right to cost rows. */
  private async checkReferences(tx: Tx, shipType: string, rows: CheckedRow[], user: Principal): Promise<void> {
    const codes = [...new Set(rows.flatMap((r) => [r.dto.originCode, r.dto.destinationCode]).filter((c) => typeof c === 'string'))];
    // Locked as they are read: a port deleted or disabled meanwhile waits for this import (see lockRoutes).
    const ports = await tx.$queryRaw<{ id: number; kind: string; code: string }[]>`
      select id, kind, code from port where ship_type = ${shipType} and enabled and code = any(${codes}::text[]) order by id for share`;
    const portId = (kind: string, code: string) => ports.find((p) => p.kind === kind && p.code === code)?.id;
    const currencies = await this.dict.currencies();
    const visible = kindsVisibleTo(user);
    for (const r of rows) {
      const fail = (field: string, reason: string) => {
        r.failed.add(field);
        r.reasons.push(reason);
      };
      if (!r.failed.has('kind') && !visible.includes(r.dto.kind)) fail('kind', t('priceImportCostNotAllowed'));
      if (!r.failed.has('originCode') && !portId('start', r.dto.originCode)) fail('originCode', t('priceImportOriginUnknown', { code: r.dto.originCode }));
      if (!r.failed.has('destinationCode') && !portId('end', r.dto.destinationCode))
        fail('destinationCode', t('priceImportDestinationUnknown', { code: r.dto.destinationCode }));
      if (!r.failed.has('currency') && !currencies.includes(r.dto.currency)) fail('currency', t('priceCurrencyInvalid', { list: currencies.join(', ') }));
      r.originPortId = portId('start', r.dto.originCode);
      r.destinationPortId = portId('end', r.dto.destinationCode);
    }
  }

  /** Against the prices already saved, under the route locks so a concurrent save cannot slip in between. */
  private async checkOverlapsStored(tx: Tx, shipType: string, prices: ImportedPrice[]): Promise<void> {
    await this.prices.lockRoutes(tx, prices);
    const from = new Date(Math.min(...prices.map((p) => p.validFrom.getTime())));
    const to = new Date(Math.max(...prices.map((p) => p.validTo.getTime())));
    const stored = await this.prices.existingOverlapCandidates(tx, shipType, prices, from, to);
    for (const price of prices) {
      const other = stored.find((s) => sameRoute(s, price) && periodsOverlap(s, price));
      if (other) for (const r of price.rows) r.reasons.push(t('priceOverlap', overlapParams(other)));
    }
  }
}

/** A row's cells checked by the row DTO, as the add form's fields are. */
async function checkCells(sheetRow: SheetRow): Promise<CheckedRow> {
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(sheetRow.values).filter(([, v]) => v !== undefined));
  if (typeof values.kind === 'string') values.kind = Object.keys(KIND_LABELS).find((k) => KIND_LABELS[k] === values.kind) ?? values.kind.toLowerCase();
  if (typeof values.unit === 'string') values.unit = values.unit.toLowerCase();
  for (const key of ['originCode', 'destinationCode'] as const) if (typeof values[key] === 'string') values[key] = values[key].toUpperCase();
  const dto = plainToInstance(ImportPriceRowDto, values);
  const errors = (await validate(dto)).sort((a, b) => columnIndex(a.property) - columnIndex(b.property));
  return { row: sheetRow.row, dto, reasons: messagesOf(errors), failed: new Set(errors.map((e) => e.property)) };
}

function groupIntoPrices(shipType: string, rows: CheckedRow[]): ImportedPrice[] {
  const prices = new Map<string, ImportedPrice>();
  for (const r of rows) {
    if (GROUP_FIELDS.some((field) => r.failed.has(field))) continue;
    const d = r.dto;
    const key = JSON.stringify([d.kind, d.originCode, d.destinationCode, d.channel, d.unit, d.currency, d.minCharge, d.validFrom, d.validTo]);
    const price = prices.get(key);
    if (price) price.rows.push(r);
    else
      prices.set(key, {
        shipType,
        kind: d.kind,
        originPortId: r.originPortId!,
        destinationPortId: r.destinationPortId!,
        channel: d.channel,
        unit: d.unit,
        currency: d.currency,
        minCharge: d.minCharge,
        validFrom: parseDay(d.validFrom)!,
        validTo: parseDay(d.validTo)!,
        rows: [r],
      });
  }
  return [...prices.values()];
}

/** Breaks of a price whose rows are all right: 1 to MAX_BREAKS of them, one from 0, none repeated. */
function checkBreaks(prices: ImportedPrice[]): void {
  for (const price of prices) {
    if (price.rows.some((r) => r.reasons.length)) continue;
    const sorted = [...price.rows].sort((a, b) => a.dto.minQuantity - b.dto.minQuantity);
    const problem = breakListProblem(sorted.map((r) => r.dto));
    // sorted, a list can only be too long, start above 0 or repeat a quantity (the row that repeats is told)
    if (problem === 'breaksRequired' || problem === 'breaksFirstZero')
      for (const r of price.rows) r.reasons.push(t(BREAK_MESSAGES[problem], { max: MAX_BREAKS }));
    for (let i = 1; i < sorted.length; i++) if (sorted[i].dto.minQuantity === sorted[i - 1].dto.minQuantity) sorted[i].reasons.push(t('priceBreaksIncreasing'));
  }
}

const sameRoute = (a: Omit<PriceRoute, 'shipType'>, b: Omit<PriceRoute, 'shipType'>) =>
  a.kind === b.kind && a.originPortId === b.originPortId && a.destinationPortId === b.destinationPortId && a.channel === b.channel && a.unit === b.unit;

/** Two prices of the file on one route, channel and unit valid on a common day. */
function checkOverlapsWithin(prices: ImportedPrice[]): void {
  const byRoute = new Map<string, ImportedPrice[]>();
  for (const p of prices) {
    const key = JSON.stringify([p.kind, p.originPortId, p.destinationPortId, p.channel, p.unit]);
    const same = byRoute.get(key);
    if (same) same.push(p);
    else byRoute.set(key, [p]);
  }
  for (const same of byRoute.values())
    for (const a of same)
      for (const b of same) {
        if (a === b || !periodsOverlap(a, b)) continue;
        for (const r of a.rows) r.reasons.push(t('priceImportOverlapRows', { rows: b.rows.map((o) => o.row).join(', ') }));
      }
}
