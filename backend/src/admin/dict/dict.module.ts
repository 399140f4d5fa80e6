import { Global, Module } from '@nestjs/common';
import { DictController } from './dict.controller.js';
import { DictService } from './dict.service.js';

/** Global: the areas check stored values and word stages with the dictionaries' values, read from its memory. */
@Global()
@Module({ controllers: [DictController], providers: [DictService], exports: [DictService] })
export class DictModule {}
