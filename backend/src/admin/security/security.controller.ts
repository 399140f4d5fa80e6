import { Controller } from '@nestjs/common';
import { ResourceController } from '../../common/resource-routes.js';
import { SecurityListDto } from './security.dto.js';
import { SecurityService } from './security.service.js';

@Controller('security')
export class SecurityController extends ResourceController(SecurityService, {
  list: { perm: ['security:list'], body: SecurityListDto, summary: 'Every API route with its access rule, codes and the roles holding them.' },
}) {}
