import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { Perm, SignedIn } from '../common/access.decorators.js';
import { IdParam } from '../common/params.js';
import { AddPortDto, ListPortsDto, PortOptionsDto, UpdatePortDto } from './ports.dto.js';
import { PortsService } from './ports.service.js';

/** One shared screen serves the six routes /port/{line}Start and /port/{line}End: each call names the line and kind. */
@Controller('port')
export class PortsController {
  constructor(private readonly ports: PortsService) {}

  @Perm('port:list')
  @Post('list')
  list(@Body() query: ListPortsDto) {
    return this.ports.list(query);
  }

  @Perm('port:list')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.ports.detail(id);
  }

  @Perm('port:add')
  @Put('add')
  add(@Body() dto: AddPortDto) {
    return this.ports.add(dto);
  }

  @Perm('port:modify')
  @Post('update')
  update(@Body() dto: UpdatePortDto) {
    return this.ports.update(dto);
  }

  @Perm('port:delete')
  @Delete('delete/:id')
  async remove(@IdParam() id: number) {
    await this.ports.remove(id);
    return null;
  }

  /** Enabled ports for the selects of the price and order forms: any signed-in user. */
  @SignedIn()
  @Post('options')
  options(@Body() query: PortOptionsDto) {
    return this.ports.options(query);
  }
}
