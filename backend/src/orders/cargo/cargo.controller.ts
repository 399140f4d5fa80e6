import { SHIP_TYPES, type ShipType } from '@forwarder/domain';
import { Body, Controller, Param, Post } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { ChoiceParam, IdParam } from '../../common/params.js';
import { CargoDeputyDto, CargoPackageDto, CargoRegisterDto, CargoSailUpdateDto, CargoSealDto, CargoWarehouseUpdateDto } from './cargo.dto.js';
import { CargoService } from './cargo.service.js';

/** Warehouse and loading work on orders (docs/orders.md, "Cargo"). */
@Controller('order')
export class CargoController {
  constructor(private readonly cargo: CargoService) {}

  /** `complete: true` also needs order:cargoComplete (checked by the service). */
  @Perm('order:register')
  @Post('register')
  register(@Body() dto: CargoRegisterDto, @CurrentUser() user: Principal) {
    return this.cargo.register(dto, user);
  }

  /** The warehouse receipts of an order (cargo registrations and moves to the warehouse). */
  @Perm('order:register', 'order:detail')
  @Post('register/list/:orderId')
  receipts(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.cargo.receipts(orderId, user);
  }

  /** Saves the packing list (boxes, sizes, weights) of an order of the line. */
  @Perm('order:package')
  @Post(':line/package')
  pack(@ChoiceParam('line', SHIP_TYPES) line: ShipType, @Body() dto: CargoPackageDto, @CurrentUser() user: Principal) {
    return this.cargo.savePackingList(line, dto, user);
  }

  /** The packing list of an order. */
  @Perm('order:package', 'order:detail')
  @Post('package/list/:orderId')
  packingList(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.cargo.packingList(orderId, user);
  }

  /** Seals the ticked orders' containers: the container and seal numbers, all or none. */
  @Perm('order:seal')
  @Post('seal')
  async seal(@Body() dto: CargoSealDto, @CurrentUser() user: Principal) {
    const { count, message } = await this.cargo.seal(dto, user);
    return new WithMessage({ count }, message);
  }

  /** Records the customs agent (deputy) of an order. */
  @Perm('order:deputy')
  @Post('deputy')
  deputy(@Body() dto: CargoDeputyDto, @CurrentUser() user: Principal) {
    return this.cargo.deputy(dto, user);
  }

  /** Corrects the warehouse data of a registered order (pieces, weight, volume, location). */
  @Perm('order:register')
  @Post('warehouse/update')
  updateWarehouse(@Body() dto: CargoWarehouseUpdateDto, @CurrentUser() user: Principal) {
    return this.cargo.updateWarehouse(dto, user);
  }

  /** Records the sailing of an order: vessel, voyage and dates. */
  @Perm('order:modify')
  @Post('sail/update')
  updateSail(@Body() dto: CargoSailUpdateDto, @CurrentUser() user: Principal) {
    return this.cargo.updateSail(dto, user);
  }

  /** Each sequence names its own code (ORDER_SERIALS); the rule here admits any of them. */
  @Perm('order:register')
  @Post('serial/:x')
  nextSerial(@Param('x') x: string, @CurrentUser() user: Principal) {
    return this.cargo.nextSerial(x, user);
  }
}
