import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { Idempotent } from '../common/idempotent.js';
import { ApiUploadForm } from '../openapi/decorators.js';
import { FilesService } from './files.service.js';
import { DEFAULT_UPLOAD_USE, UPLOAD_USES } from './upload-policy.js';

/** Uploads (images and documents) and the signed links that serve them (docs/api.md, Uploaded files). */
@Controller('file')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** Multipart upload, field `file`; size and type limits come from the system parameters. */
  @Perm('file:upload')
  @Post('update')
  @Idempotent()
  @ApiUploadForm()
  @ApiQuery({
    name: 'use',
    required: false,
    enum: Object.keys(UPLOAD_USES),
    description: `what the file is for (its types and size limit); default ${DEFAULT_UPLOAD_USE}`,
  })
  upload(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: Principal) {
    return this.files.receive(req, res, user.userId);
  }
}
