import { Injectable } from '@nestjs/common';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { containing, readPage, type Page } from '../../common/pagination.js';
import { requestContext } from '../../common/request-context.js';
import { updateWithVer } from '../../common/ver.js';
import { AuditService } from '../../audit/audit.service.js';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { ReadCache } from '../../common/read-cache.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { pick } from '../../common/form-data.js';
import { PrismaService, type Tx } from '../../prisma/prisma.service.js';
import { countStored, maxLengthOf, replaceStored, usagesOf, type DictUsage } from './dict-usages.js';
import type {
  AddDictItemDto,
  AddDictTypeDto,
  ChangeDictValueDto,
  DictItemView,
  DictTypeDetail,
  DictTypeView,
  DictValueChangeCount,
  DictValueChangeReport,
  ListDictTypesDto,
  UpdateDictItemDto,
  UpdateDictTypeDto,
} from './dict.dto.js';

const TYPE_VIEW = {
  id: true,
  dictCode: true,
  dictName: true,
  dictNameEn: true,
  classify: true,
  remark: true,
  ver: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.DictTypeSelect;

const ITEM_VIEW = {
  id: true,
  dictCode: true,
  dictName: true,
  dictNameEn: true,
  value: true,
  classify: true,
  sort: true,
  style: true,
  enabled: true,
  ver: true,
} as const satisfies Prisma.DictItemSelect;

const ITEM_ORDER: Prisma.DictItemOrderByWithRelationInput[] = [{ sort: 'asc' }, { id: 'asc' }];

/** How long a dictionary's enabled values are served from memory at most (a change is heard at once: ClusterBus). */
const ENABLED_ITEMS_MS = 5_000;

/** Dictionaries and their values, and the bulk value change that keeps stored values in step. */
@Injectable()
export class DictService {
  /**
   * The values every form asks for (by dictionary, or by category), from memory: forgotten by every process
   * as soon as one of them commits a write to the dictionaries, however it was made through the client.
   */
  private readonly enabled = new ReadCache<string, DictItemView[]>(ENABLED_ITEMS_MS);

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    bus: ClusterBus,
  ) {
    bus.forgetOnWrites(prisma, ['DictItem', 'DictType'], 'dictionaries', () => this.enabled.clear());
  }

  async listTypes(query: ListDictTypesDto): Promise<Page<DictTypeView>> {
    const where: Prisma.DictTypeWhereInput = {
      dictCode: containing(query.dictCode),
      dictName: containing(query.dictName),
      classify: query.classify || undefined,
    };
    return readPage(
      query,
      (page) => this.prisma.db.dictType.findMany({ where, select: TYPE_VIEW, orderBy: [{ classify: 'asc' }, { id: 'asc' }], ...page }),
      () => this.prisma.db.dictType.count({ where }),
    );
  }

  async typeDetail(id: number): Promise<DictTypeDetail> {
    const type = await this.prisma.db.dictType.findUnique({
      where: { id },
      select: { ...TYPE_VIEW, items: { select: ITEM_VIEW, orderBy: ITEM_ORDER } },
    });
    if (!type) throw AppError.notFound();
    return type;
  }

  async addType(dto: AddDictTypeDto): Promise<DictTypeView> {
    if (await this.prisma.db.dictType.count({ where: { dictCode: dto.dictCode } })) throw new FieldErrors({ dictCode: [t('dictCodeTaken')] });
    return this.prisma.db.dictType.create({
      data: { dictCode: dto.dictCode, dictName: dto.dictName, dictNameEn: dto.dictNameEn, classify: dto.classify, remark: dto.remark },
      select: TYPE_VIEW,
    });
  }

  async updateType(dto: UpdateDictTypeDto): Promise<DictTypeView> {
    const type = await this.prisma.db.dictType.findUnique({ where: { id: dto.id }, select: { dictCode: true } });
    if (!type) throw AppError.notFound();
    refuseCodeChange(dto.dictCode, type.dictCode);
    await updateWithVer(this.prisma.db.dictType, dto.id, dto.ver, pick(dto, 'dictName', 'dictNameEn', 'classify', 'remark'));
    return this.prisma.db.dictType.findUniqueOrThrow({ where: { id: dto.id }, select: TYPE_VIEW });
  }

  /** Refused while any registered column still stores one of the dictionary's values. */
  async deleteType(id: number): Promise<void> {
    const type = await this.prisma.db.dictType.findUnique({ where: { id }, select: { dictCode: true, items: { select: { value: true } } } });
    if (!type) throw AppError.notFound();
    const usages = await this.describeUsages(
      type.dictCode,
      type.items.map((item) => item.value),
    );
    if (usages) throw AppError.badRequest('dictTypeInUse', { usages });
    await this.prisma.db.$transaction(async (tx) => {
      await tx.dictItem.deleteMany({ where: { dictCode: type.dictCode } });
      await tx.dictType.delete({ where: { id } });
    });
  }

  async addItem(dto: AddDictItemDto): Promise<DictItemView> {
    const type = await this.prisma.db.dictType.findUnique({ where: { dictCode: dto.dictCode }, select: { classify: true } });
    if (!type) throw new FieldErrors({ dictCode: [t('dictNotFound')] });
    if (await this.valueTaken(dto.dictCode, dto.value)) throw new FieldErrors({ value: [t('dictValueTaken')] });
    return this.prisma.db.dictItem.create({
      data: {
        dictCode: dto.dictCode,
        dictName: dto.dictName,
        dictNameEn: dto.dictNameEn,
        value: dto.value,
        classify: dto.classify === undefined ? type.classify : dto.classify,
        sort: dto.sort,
        style: dto.style,
        enabled: dto.enabled,
      },
      select: ITEM_VIEW,
    });
  }

  /**
   * Edits a value's label, order, colour and state. Its value may change here only while nothing stores
   * it: a stored value is changed everywhere at once by the bulk change.
   */
  async updateItem(dto: UpdateDictItemDto): Promise<DictItemView> {
    const item = await this.prisma.db.dictItem.findUnique({ where: { id: dto.id }, select: { dictCode: true, value: true, ver: true } });
    if (!item) throw AppError.notFound();
    if (item.ver !== dto.ver) throw AppError.staleVersion();
    refuseCodeChange(dto.dictCode, item.dictCode);
    if (dto.value !== item.value) {
      if (await this.valueTaken(item.dictCode, dto.value)) throw new FieldErrors({ value: [t('dictValueTaken')] });
      const usages = await this.describeUsages(item.dictCode, [item.value]);
      if (usages) throw new FieldErrors({ value: [t('dictValueInUse', { usages })] });
    }
    await updateWithVer(this.prisma.db.dictItem, dto.id, dto.ver, pick(dto, 'dictName', 'dictNameEn', 'value', 'classify', 'sort', 'style', 'enabled'));
    return this.prisma.db.dictItem.findUniqueOrThrow({ where: { id: dto.id }, select: ITEM_VIEW });
  }

  /** Refused while a registered column stores the value (disable it instead). */
  async deleteItem(id: number): Promise<void> {
    const item = await this.prisma.db.dictItem.findUnique({ where: { id }, select: { dictCode: true, value: true } });
    if (!item) throw AppError.notFound();
    const usages = await this.describeUsages(item.dictCode, [item.value]);
    if (usages) throw AppError.badRequest('dictItemInUse', { usages });
    await this.prisma.db.dictItem.delete({ where: { id } });
  }

  /** The values a form offers for one dictionary, in display order: all of them, or those of one category. */
  enabledItems(dictCode: string, classify?: string): Promise<DictItemView[]> {
    return this.enabled.get(`code:${dictCode}:${classify ?? ''}`, () =>
      this.prisma.db.dictItem.findMany({ where: { dictCode, classify, enabled: true }, select: ITEM_VIEW, orderBy: ITEM_ORDER }),
    );
  }

  /**
   * The values of one dictionary that a write may store (a currency, a charge type), in display order, from
   * memory as enabledItems: the checks of every order, charge, price and record ask for them.
   */
  async enabledValues(dictCode: string): Promise<string[]> {
    return (await this.enabledItems(dictCode)).map((item) => item.value);
  }

  /** The currencies an order, a charge or a price may be in: the enabled values of the `currency` dictionary. */
  currencies(): Promise<string[]> {
    return this.enabledValues('currency');
  }

  /** The enabled values of every dictionary in one category, grouped by dictionary. */
  itemsByClassify(classify: string): Promise<DictItemView[]> {
    return this.enabled.get(`classify:${classify}`, () =>
      this.prisma.db.dictItem.findMany({
        where: { classify, enabled: true },
        select: ITEM_VIEW,
        orderBy: [{ dictCode: 'asc' }, ...ITEM_ORDER],
      }),
    );
  }

  /**
   * Replaces a value of a dictionary everywhere it is stored (the item and every registered column), in
   * one transaction: either every record changes or none does.
   */
  async changeValue(dto: ChangeDictValueDto): Promise<DictValueChangeReport> {
    const { dictCode, oldDictValue, newDictValue } = dto;
    if (!(await this.prisma.db.dictType.count({ where: { dictCode } }))) throw new FieldErrors({ dictCode: [t('dictNotFound')] });
    if (oldDictValue === newDictValue) throw new FieldErrors({ newDictValue: [t('dictValueUnchanged')] });
    const usages = usagesOf(dictCode);
    const counts = await this.prisma.db.$transaction(async (tx) => {
      const item = await tx.dictItem.findUnique({ where: { dictCode_value: { dictCode, value: oldDictValue } }, select: { id: true } });
      if (!item) throw new FieldErrors({ oldDictValue: [t('dictValueMissing')] });
      if (await tx.dictItem.count({ where: { dictCode, value: newDictValue } })) throw new FieldErrors({ newDictValue: [t('dictValueTaken')] });
      await this.refuseTooLong(tx, usages, newDictValue);
      await tx.dictItem.update({ where: { id: item.id }, data: { value: newDictValue, ver: { increment: 1 } } });
      const changed: { usage: DictUsage; count: number }[] = [];
      for (const usage of usages) changed.push({ usage, count: await replaceStored(tx, usage, oldDictValue, newDictValue) });
      return changed;
    });
    // Raw updates bypass the operation log's client extension: they are logged here, once committed.
    for (const { usage, count } of counts) {
      if (!count) continue;
      this.audit.recordChange({
        tableName: usage.table,
        operation: 'dictValueChange',
        userId: requestContext.get()?.userId,
        before: { [usage.column]: oldDictValue },
        after: { [usage.column]: newDictValue, count },
      });
    }
    const changes: DictValueChangeCount[] = [
      { table: 'dict_item', column: 'value', label: t('dictUsageItem'), count: 1 },
      ...counts.map(({ usage, count }) => ({ table: usage.table, column: usage.column, label: t(usage.label), count })),
    ];
    return { dictCode, oldDictValue, newDictValue, changes, total: changes.reduce((sum, change) => sum + change.count, 0) };
  }

  private async valueTaken(dictCode: string, value: string): Promise<boolean> {
    return (await this.prisma.db.dictItem.count({ where: { dictCode, value } })) > 0;
  }

  /** The registered columns storing any of `values`, as "label count" for a message; '' when none does. */
  private async describeUsages(dictCode: string, values: string[]): Promise<string> {
    const found: string[] = [];
    for (const usage of usagesOf(dictCode)) {
      const count = await countStored(this.prisma.db, usage, values);
      if (count) found.push(t('dictUsageCount', { label: t(usage.label), count }));
    }
    return found.join(requestContext.lang() === 'en' ? ', ' : '、');
  }

  /** A column narrower than the dictionary (app_user.duty holds 50) must still fit the new value. */
  private async refuseTooLong(tx: Tx, usages: readonly DictUsage[], value: string) {
    for (const usage of usages) {
      const max = await maxLengthOf(tx, usage);
      if (max !== null && value.length > max) throw new FieldErrors({ newDictValue: [t('dictValueTooLongFor', { label: t(usage.label), max })] });
    }
  }
}

/** Forms send a dictionary's (or a value's) code back: it identifies the dictionary in code and cannot change. */
function refuseCodeChange(sent: string | undefined, stored: string): void {
  if (sent !== undefined && sent !== stored) throw new FieldErrors({ dictCode: [t('dictCodeFixed')] });
}
