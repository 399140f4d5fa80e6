import { Body, Controller, Post } from '@nestjs/common';
import { Perm } from '../../common/access.decorators.js';
import { SecurityListDto } from './security.dto.js';
import { SecurityService } from './security.service.js';

@Controller('security')
export class SecurityController {
  constructor(private readonly security: SecurityService) {}

  /** Every API route with its access rule, codes and the roles holding them. */
  @Perm('security:list')
  @Post('list')
  list(@Body() query: SecurityListDto) {
    return this.security.list(query);
  }
}
