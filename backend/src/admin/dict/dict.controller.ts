import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { Perm, SignedIn } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { AddDictItemDto, AddDictTypeDto, ChangeDictValueDto, DictListExportDto, ListDictTypesDto, UpdateDictItemDto, UpdateDictTypeDto } from './dict.dto.js';
import { DictService } from './dict.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { DICT_EXPORT_COLUMNS } from './dict-list-export.js';

/** The dictionaries (字典管理): value lists the forms offer, and the bulk change of a stored value. */
@Controller('dict')
export class DictController {
  constructor(private readonly dicts: DictService) {}

  /** The dictionary page, and the bulk dialog's select (empty body: every dictionary on one page). */
  @Perm('dict:list', 'avatar:dict')
  @Post('list')
  list(@Body() query: ListDictTypesDto) {
    return this.dicts.listTypes(query);
  }

  /** A dictionary with all its values, disabled ones included. */
  @Perm('dict:list')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.dicts.typeDetail(id);
  }

  /** Adds a dictionary. */
  @Perm('dict:add')
  @Put('add')
  @Idempotent()
  add(@Body() dto: AddDictTypeDto) {
    return this.dicts.addType(dto);
  }

  /** Edits a dictionary's names, category and remark (its code stays). */
  @Perm('dict:modify')
  @Post('update')
  update(@Body() dto: UpdateDictTypeDto) {
    return this.dicts.updateType(dto);
  }

  /** Deletes a dictionary and its values, while no record stores one of them. */
  @Perm('dict:delete')
  @Delete('delete/:id')
  async remove(@IdParam() id: number) {
    await this.dicts.deleteType(id);
    return null;
  }

  /** The values every form offers for a dictionary: any signed-in user reads them. */
  @SignedIn()
  @Get('detail/item/:dictCode')
  items(@Param('dictCode') dictCode: string) {
    return this.dicts.enabledItems(dictCode);
  }

  /** The values of a dictionary that belong to one category (each value's `classify`), in display order. */
  @SignedIn()
  @Get('detail/item/:dictCode/:classify')
  itemsOfClassify(@Param('dictCode') dictCode: string, @Param('classify') classify: string) {
    return this.dicts.enabledItems(dictCode, classify);
  }

  /** The values of every dictionary of one category. */
  @SignedIn()
  @Get('classify/item/:classify')
  itemsByClassify(@Param('classify') classify: string) {
    return this.dicts.itemsByClassify(classify);
  }

  /** Adds a value to a dictionary. */
  @Perm('dict:add')
  @Put('item/add')
  @Idempotent()
  addItem(@Body() dto: AddDictItemDto) {
    return this.dicts.addItem(dto);
  }

  /** Edits a value of a dictionary: label, order, colour, category, enabled. */
  @Perm('dict:modify')
  @Post('item/update')
  updateItem(@Body() dto: UpdateDictItemDto) {
    return this.dicts.updateItem(dto);
  }

  /** Deletes a value of a dictionary, while no record stores it. */
  @Perm('dict:delete')
  @Delete('item/delete/:id')
  async removeItem(@IdParam() id: number) {
    await this.dicts.deleteItem(id);
    return null;
  }

  /** The avatar menu's bulk change: one value replaced everywhere the system stores it. */
  @Perm('avatar:dict')
  @Post('batch/update')
  async changeValue(@Body() dto: ChangeDictValueDto) {
    return new WithMessage(await this.dicts.changeValue(dto), t('dictBatchUpdated'));
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'dictionaries', 'dict:list')
  exportList(@Body() dto: DictListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'dictionaries', dto, DICT_EXPORT_COLUMNS, (query) => this.dicts.listTypes(query));
  }
}
