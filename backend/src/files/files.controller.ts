import { Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { FilesService } from './files.service.js';

@Controller('file')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** Multipart upload, field `file`; size and type limits come from the system parameters. */
  @Perm('file:upload')
  @Post('update')
  upload(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: Principal) {
    return this.files.receive(req, res, user.userId);
  }
}
