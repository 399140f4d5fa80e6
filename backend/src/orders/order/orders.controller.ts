import {
  HOLDS,
  holdPermission,
  ORDER_STAGES,
  revokePermission,
  SHIP_TYPES,
  SIDE_STATES,
  upgradePermission,
  type Hold,
  type ShipType,
  type SideState,
  type UpgradeStage,
} from '@forwarder/domain';
import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { CurrentUser, Perm, PermOf, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { ChoiceParam, IdParam } from '../../common/params.js';
import {
  OrderAddDto,
  OrderDemotionDto,
  OrderHoldDto,
  OrderListDto,
  OrderListExportDto,
  OrderRevokeDto,
  OrderUpdateDto,
  OrderUpgradeDto,
  OrderVoidDto,
} from './orders.dto.js';
import { OrdersService } from './orders.service.js';

/** Orders of the three lines: registration, lists, detail, stage moves, holds and voiding (docs/orders.md). */
@Controller('order')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /**
   * Registers an order on the line `kind` (smallbag, dedicatedline or airtransport).
   * @remarks The path parameter is `kind` for both `PUT {kind}/add` and `POST {kind}/add` (a hold): OpenAPI
   * reads two templates of one shape as the same path, whatever their parameters are called.
   */
  @Perm('order:add')
  @Put(':kind/add')
  @Idempotent()
  add(@ChoiceParam('kind', SHIP_TYPES) line: ShipType, @Body() dto: OrderAddDto, @CurrentUser() user: Principal) {
    return this.orders.add(line, dto, user);
  }

  /** The orders of a line in one view (a stage, a side state or all), filtered and sorted, in the caller's scope. */
  @Perm('order:list')
  @Post('list')
  list(@Body() query: OrderListDto, @CurrentUser() user: Principal) {
    return this.orders.list(query, user);
  }

  /**
   * 导出当前列表: the screen's orders (its filters, sort and the caller's scope; every page) as an xlsx stream
   * with the columns the user sees; `X-Export-Rows` says how many rows it holds.
   */
  @ListExportRoute('list/export', 'order-list', 'order:list')
  async exportList(@Body() dto: OrderListExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    const columns = await this.orders.exportColumns();
    return streamListExport(res, `orders-${dto.shipType}-${dto.view}`, dto, columns, (query) => this.orders.list(query, user));
  }

  /** An order with its cargo, documents, quotation and stage data. */
  @Perm('order:detail')
  @Get('detail/:id')
  detail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.orders.detail(id, user);
  }

  /** An order found by its number. */
  @Perm('order:detail')
  @Get('no/detail/:no')
  detailByNo(@Param('no') orderNo: string, @CurrentUser() user: Principal) {
    return this.orders.detailByNo(orderNo, user);
  }

  /** Edits an order's registered fields (the `ver` read is sent back). */
  @Perm('order:modify')
  @Post('all/update')
  update(@Body() dto: OrderUpdateDto, @CurrentUser() user: Principal) {
    return this.orders.update(dto, user);
  }

  /** Moves orders into `stage`, all or none; each move has its own permission, `order:upgrade:<stage>`. */
  @PermOf<UpgradeStage>('stage', upgradePermission)
  @Post('upgrade/:stage')
  async upgrade(@ChoiceParam('stage', ORDER_STAGES) stage: UpgradeStage, @Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    const { count, message } = await this.orders.upgrade(stage, dto, user);
    return new WithMessage({ count }, message);
  }

  /** Moves an order back one stage, with a reason. */
  @Perm('order:demotion')
  @Post('demotion/:id')
  demote(@IdParam() id: number, @Body() dto: OrderDemotionDto, @CurrentUser() user: Principal) {
    return this.orders.demote(id, dto, user);
  }

  /** Marks an order abnormal or detains its goods: `kind` is the hold (`order:abnormal`, `order:detain`). */
  @PermOf<Hold>('kind', holdPermission)
  @Post(':kind/add')
  @Idempotent()
  hold(@ChoiceParam('kind', HOLDS) hold: Hold, @Body() dto: OrderHoldDto, @CurrentUser() user: Principal) {
    return this.orders.hold(hold, dto.id, dto, user);
  }

  /** Voids an order (作废), with a reason: kept, and can be revoked. */
  @Perm('order:delete')
  @Delete('delete/:id')
  voidOrder(@IdParam() id: number, @Body() dto: OrderVoidDto, @CurrentUser() user: Principal) {
    return this.orders.hold('delete', id, dto, user);
  }

  /** Takes an order out of a side state (`order:abnormalRevoke`, `order:detainRevoke`, `order:deleteRevoke`). */
  @PermOf<SideState>('state', revokePermission)
  @Post(':state/revoke/:id')
  revoke(@ChoiceParam('state', SIDE_STATES) state: SideState, @IdParam() id: number, @Body() dto: OrderRevokeDto, @CurrentUser() user: Principal) {
    return this.orders.revoke(state, id, dto, user);
  }

  /** Prices an order from the price table: its quotation, or why there is none. */
  @Perm('order:price')
  @Post('price/:orderId')
  price(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.orders.price(orderId, user);
  }
}
