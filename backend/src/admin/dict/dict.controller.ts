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

@Controller('dict')
export class DictController {
  constructor(private readonly dicts: DictService) {}

  // ------------------------------------------------------------ dictionaries

  /** The dictionary page, and the bulk dialog's select (empty body: every dictionary on one page). */
  @Perm('dict:list', 'avatar:dict')
  @Post('list')
  list(@Body() query: ListDictTypesDto) {
    return this.dicts.listTypes(query);
  }

  @Perm('dict:list')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.dicts.typeDetail(id);
  }

  @Perm('dict:add')
  @Put('add')
  @Idempotent()
  add(@Body() dto: AddDictTypeDto) {
    return this.dicts.addType(dto);
  }

  @Perm('dict:modify')
  @Post('update')
  update(@Body() dto: UpdateDictTypeDto) {
    return this.dicts.updateType(dto);
  }

  @Perm('dict:delete')
  @Delete('delete/:id')
  async remove(@IdParam() id: number) {
    await this.dicts.deleteType(id);
    return null;
  }

  // ------------------------------------------------------------ values

  /** The values every form offers for a dictionary: any signed-in user reads them. */
  @SignedIn()
  @Get('detail/item/:dictCode')
  items(@Param('dictCode') dictCode: string) {
    return this.dicts.enabledItems(dictCode);
  }

  /** The values of every dictionary of one category (a path of its own: /{classify} would clash with /{dictCode}). */
  @SignedIn()
  @Get('classify/item/:classify')
  itemsByClassify(@Param('classify') classify: string) {
    return this.dicts.itemsByClassify(classify);
  }

  @Perm('dict:add')
  @Put('item/add')
  @Idempotent()
  addItem(@Body() dto: AddDictItemDto) {
    return this.dicts.addItem(dto);
  }

  @Perm('dict:modify')
  @Post('item/update')
  updateItem(@Body() dto: UpdateDictItemDto) {
    return this.dicts.updateItem(dto);
  }

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
