import { Body, Controller, Post } from '@nestjs/common';
import { Perm } from '../../common/access.decorators.js';
import { SerialListDto, SerialUpdateDto } from '../../core/serial/serial.dto.js';
import { SerialService } from '../../core/serial/serial.service.js';

@Controller('serial')
export class SerialController {
  constructor(private readonly serials: SerialService) {}

  @Perm('log:serial')
  @Post('list')
  list(@Body() query: SerialListDto) {
    return this.serials.list(query);
  }

  @Perm('log:serial')
  @Post('update')
  update(@Body() dto: SerialUpdateDto) {
    return this.serials.update(dto);
  }
}
