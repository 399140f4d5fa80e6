import { Controller } from '@nestjs/common';
import { ResourceController } from '../../common/resource-routes.js';
import { SerialListDto, SerialUpdateDto } from '../../core/serial/serial.dto.js';
import { SerialService } from '../../core/serial/serial.service.js';

@Controller('serial')
export class SerialController extends ResourceController(SerialService, {
  list: { perm: ['log:serial'], body: SerialListDto },
  update: { perm: ['log:serial'], body: SerialUpdateDto },
}) {}
