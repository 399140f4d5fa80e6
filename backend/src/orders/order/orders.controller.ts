import type { UpgradeStage } from '@forwarder/domain';
import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { IdParam } from '../../common/params.js';
import { OrderAddDto, OrderDemotionDto, OrderHoldDto, OrderListDto, OrderRevokeDto, OrderUpdateDto, OrderUpgradeDto, OrderVoidDto } from './orders.dto.js';
import { OrdersService } from './orders.service.js';

@Controller('order')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Perm('order:add')
  @Put('smallbag/add')
  addSmallbag(@Body() dto: OrderAddDto, @CurrentUser() user: Principal) {
    return this.orders.add('smallbag', dto, user);
  }

  @Perm('order:add')
  @Put('dedicatedline/add')
  addDedicatedline(@Body() dto: OrderAddDto, @CurrentUser() user: Principal) {
    return this.orders.add('dedicatedline', dto, user);
  }

  @Perm('order:add')
  @Put('airtransport/add')
  addAirtransport(@Body() dto: OrderAddDto, @CurrentUser() user: Principal) {
    return this.orders.add('airtransport', dto, user);
  }

  @Perm('order:list')
  @Post('list')
  list(@Body() query: OrderListDto, @CurrentUser() user: Principal) {
    return this.orders.list(query, user);
  }

  @Perm('order:detail')
  @Get('detail/:id')
  detail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.orders.detail(id, user);
  }

  @Perm('order:detail')
  @Get('no/detail/:no')
  detailByNo(@Param('no') orderNo: string, @CurrentUser() user: Principal) {
    return this.orders.detailByNo(orderNo, user);
  }

  @Perm('order:modify')
  @Post('all/update')
  update(@Body() dto: OrderUpdateDto, @CurrentUser() user: Principal) {
    return this.orders.update(dto, user);
  }

  @Perm('order:upgrade:warehouse')
  @Post('upgrade/warehouse')
  upgradeWarehouse(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('warehouse', dto, user);
  }

  @Perm('order:upgrade:prepareCabinet')
  @Post('upgrade/prepareCabinet')
  upgradePrepareCabinet(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('prepareCabinet', dto, user);
  }

  @Perm('order:upgrade:completeCabinet')
  @Post('upgrade/completeCabinet')
  upgradeCompleteCabinet(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('completeCabinet', dto, user);
  }

  @Perm('order:upgrade:customs')
  @Post('upgrade/customs')
  upgradeCustoms(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('customs', dto, user);
  }

  @Perm('order:upgrade:sail')
  @Post('upgrade/sail')
  upgradeSail(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('sail', dto, user);
  }

  @Perm('order:upgrade:arriveCabinet')
  @Post('upgrade/arriveCabinet')
  upgradeArriveCabinet(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('arriveCabinet', dto, user);
  }

  @Perm('order:upgrade:dismantleCabinet')
  @Post('upgrade/dismantleCabinet')
  upgradeDismantleCabinet(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('dismantleCabinet', dto, user);
  }

  @Perm('order:upgrade:startDelivery')
  @Post('upgrade/startDelivery')
  upgradeStartDelivery(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('startDelivery', dto, user);
  }

  @Perm('order:upgrade:completeDelivery')
  @Post('upgrade/completeDelivery')
  upgradeCompleteDelivery(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('completeDelivery', dto, user);
  }

  @Perm('order:upgrade:brokerage')
  @Post('upgrade/brokerage')
  upgradeBrokerage(@Body() dto: OrderUpgradeDto, @CurrentUser() user: Principal) {
    return this.upgrade('brokerage', dto, user);
  }

  private async upgrade(stage: UpgradeStage, dto: OrderUpgradeDto, user: Principal) {
    const { count, message } = await this.orders.upgrade(stage, dto, user);
    return new WithMessage({ count }, message);
  }

  @Perm('order:demotion')
  @Post('demotion/:id')
  demote(@IdParam() id: number, @Body() dto: OrderDemotionDto, @CurrentUser() user: Principal) {
    return this.orders.demote(id, dto, user);
  }

  @Perm('order:abnormal')
  @Post('abnormal/add')
  markAbnormal(@Body() dto: OrderHoldDto, @CurrentUser() user: Principal) {
    return this.orders.hold('abnormal', dto.id, dto, user);
  }

  @Perm('order:detain')
  @Post('detain/add')
  detain(@Body() dto: OrderHoldDto, @CurrentUser() user: Principal) {
    return this.orders.hold('detain', dto.id, dto, user);
  }

  @Perm('order:delete')
  @Delete('delete/:id')
  voidOrder(@IdParam() id: number, @Body() dto: OrderVoidDto, @CurrentUser() user: Principal) {
    return this.orders.hold('delete', id, dto, user);
  }

  @Perm('order:abnormalRevoke')
  @Post('abnormal/revoke/:id')
  revokeAbnormal(@IdParam() id: number, @Body() dto: OrderRevokeDto, @CurrentUser() user: Principal) {
    return this.orders.revoke('abnormal', id, dto, user);
  }

  @Perm('order:detainRevoke')
  @Post('detain/revoke/:id')
  releaseDetained(@IdParam() id: number, @Body() dto: OrderRevokeDto, @CurrentUser() user: Principal) {
    return this.orders.revoke('detain', id, dto, user);
  }

  @Perm('order:deleteRevoke')
  @Post('delete/revoke/:id')
  restoreVoided(@IdParam() id: number, @Body() dto: OrderRevokeDto, @CurrentUser() user: Principal) {
    return this.orders.revoke('delete', id, dto, user);
  }

  @Perm('order:price')
  @Post('price/:orderId')
  price(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.orders.price(orderId, user);
  }
}
