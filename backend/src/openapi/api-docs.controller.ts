import { Controller, Get, Inject, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { readFile } from 'node:fs/promises';
import { Perm } from '../common/access.decorators.js';
import { AppError } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CONTRACT_FILE } from './api-docs.js';

/** The API's contract (openapi/openapi.json) for the documentation page at /api/docs. */
@Controller('docs')
export class ApiDocsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The OpenAPI document as it is (no envelope), while API_DOCS is on; 404 otherwise. */
  @Perm('security:list')
  @Get('openapi.json')
  @ApiProduces('application/json')
  async document() {
    if (!this.config.apiDocs) throw AppError.notFound();
    return new StreamableFile(await readFile(CONTRACT_FILE), { type: 'application/json' });
  }
}
